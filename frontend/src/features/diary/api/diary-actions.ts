/** Writing, changing and deleting entries, and the lucky day for a letter (docs/api/diary.md). */
import { apiPaths } from '@/config/paths';
import type { DiaryEdit, DiaryEntry, LuckyDay, NewDiaryEntry } from '@/features/diary/api/types';
import { api } from '@/lib/api-client';

/** POST /api/diary: 201 with the new entry, or 200 with the first one when `clientId` was used already. */
export function createDiaryEntry(entry: NewDiaryEntry): Promise<DiaryEntry> {
  return api.post(apiPaths.diary.list, entry);
}

/** PUT /api/diary/{id}: a sealed letter answers 409 LETTER_SEALED. */
export function updateDiaryEntry(id: string, edit: DiaryEdit): Promise<DiaryEntry> {
  return api.put<'/api/diary/{id}'>(apiPaths.diary.entry(id), edit);
}

/** DELETE /api/diary/{id} (a sealed letter too: it is then never delivered). */
export async function deleteDiaryEntry(id: string): Promise<void> {
  await api.delete<'/api/diary/{id}'>(apiPaths.diary.entry(id));
}

/** GET /api/diary/lucky-day: the first 天赦日, 一粒万倍日 or 大安 on or after `from`, with its reasons. */
export function findLuckyDay(from: string, timezoneOffset: number): Promise<LuckyDay> {
  return api.get(apiPaths.diary.luckyDay(from, timezoneOffset));
}
