import useSWRMutation from 'swr/mutation';

import { apiPaths } from '@/config/paths';
import { api } from '@/lib/api-client';
import type { Coordinates } from '@/lib/birth-data';

export type BirthDataInput = {
  gender: 'male' | 'female' | 'other';
  /** YYYY-MM-DD */
  birthDate: string;
  /** HH:MM, or '' when the time is not known (the server uses 12:00 and keeps that it is unknown). */
  birthTime: string;
  birthLocation: string;
  coordinates: Coordinates;
};

/** PUT /api/settings/birth-data: the chart is rebuilt in the background. Answers with the user object. */
export function updateBirthData(input: BirthDataInput): Promise<unknown> {
  return api.put<unknown>(apiPaths.settings.birthData, input);
}

export function useUpdateBirthData() {
  return useSWRMutation(apiPaths.settings.birthData, (_key: string, { arg }: { arg: BirthDataInput }) =>
    updateBirthData(arg),
  );
}
