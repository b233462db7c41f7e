import useSWR from 'swr';

import { apiPaths } from '@/config/paths';
import type { DeliveredLetter } from '@/features/diary/api/types';
import { api } from '@/lib/api-client';

export function lettersKey() {
  return apiPaths.diary.letters;
}

/** GET /api/diary/letters: delivered letters the app has not shown yet. */
export async function getDeliveredLetters(): Promise<DeliveredLetter[]> {
  return (await api.get(lettersKey())).letters;
}

/** The delivered, unshown letters: read once when the signed-in app opens (the app's usual freshness). */
export function useDeliveredLetters() {
  return useSWR<DeliveredLetter[]>(lettersKey(), getDeliveredLetters);
}

/** POST /api/diary/letters/{id}/mark-shown: the letter is not shown again. */
export async function markLetterShown(id: string): Promise<void> {
  await api.post<'/api/diary/letters/{id}/mark-shown'>(apiPaths.diary.letterShown(id));
}
