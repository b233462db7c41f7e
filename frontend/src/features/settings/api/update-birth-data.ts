import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

/**
 * The gateway's `BirthDataBody` as the settings form always sends it: every field present; `birthDate`
 * YYYY-MM-DD; `birthTime` HH:MM, or '' when the time is not known (the server uses 12:00 and keeps that it
 * is unknown).
 */
export type BirthDataInput = {
  [Field in keyof ApiSchema<'BirthDataBody'>]-?: NonNullable<ApiSchema<'BirthDataBody'>[Field]>;
} & { gender: ApiSchema<'GenderName'> };

/** PUT /api/settings/birth-data: the chart is rebuilt in the background. Answers with the user object. */
export function updateBirthData(input: BirthDataInput): Promise<ApiSchema<'UserBody'>> {
  return api.put(apiPaths.settings.birthData, input);
}

export function useUpdateBirthData() {
  return useSWRMutation(apiPaths.settings.birthData, (_key: string, { arg }: { arg: BirthDataInput }) =>
    updateBirthData(arg),
  );
}
