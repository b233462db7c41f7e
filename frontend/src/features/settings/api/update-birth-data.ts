import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

type BirthDataBody = ApiSchema<'BirthDataBody'>;

/**
 * The gateway's `BirthDataBody` as the settings form always sends it: every field present; `birthDate`
 * YYYY-MM-DD; `birthTime` HH:MM, or '' when the time is not known (the server uses 12:00 and keeps that it
 * is unknown). `dstChoice` only with a time a summer-time change skipped or repeated: the reading stored for
 * it, or the one picked after the gateway refused the time (400 NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME
 * with its `choices`).
 */
export type BirthDataInput = {
  [Field in Exclude<keyof BirthDataBody, 'dstChoice'>]-?: NonNullable<BirthDataBody[Field]>;
} & { gender: ApiSchema<'GenderName'>; dstChoice?: NonNullable<BirthDataBody['dstChoice']> };

/** PUT /api/settings/birth-data: the chart is rebuilt in the background. Answers with the user object. */
export function updateBirthData(input: BirthDataInput): Promise<ApiSchema<'UserBody'>> {
  return api.put(apiPaths.settings.birthData, input);
}

export function useUpdateBirthData() {
  return useSWRMutation(apiPaths.settings.birthData, (_key: string, { arg }: { arg: BirthDataInput }) =>
    updateBirthData(arg),
  );
}
