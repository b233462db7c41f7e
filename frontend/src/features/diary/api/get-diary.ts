import useSWR from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';

import { DIARY_PAGE_SIZE } from '@/config/constants';
import { apiPaths } from '@/config/paths';
import type { DiaryEntry, DiaryPage } from '@/features/diary/api/types';
import { api } from '@/lib/api-client';
import { isUuid } from '@/lib/ids';

/** The key of the list's page `index`, after `previous` (null: no more pages). */
export function diaryKey(index: number, previous: DiaryPage | null): string | null {
  if (index === 0) return apiPaths.diary.page(null, DIARY_PAGE_SIZE);
  return previous?.nextCursor ? apiPaths.diary.page(previous.nextCursor, DIARY_PAGE_SIZE) : null;
}

/** The swr key of the whole list (every page read so far), for `mutate` outside the list. */
export const diaryListKey = unstable_serialize(diaryKey);

/** GET /api/diary: one page of the caller's entries, newest date first. */
export function getDiary(key: string): Promise<DiaryPage> {
  return api.get<'/api/diary'>(key as ReturnType<typeof apiPaths.diary.page>);
}

/**
 * The caller's diary, page by page ("もっと見る" reads the next through `nextCursor`). Only the pages
 * asked for are read; after a change `mutate()` reads them again.
 */
export function useDiary() {
  const result = useSWRInfinite<DiaryPage>(diaryKey, getDiary, { revalidateFirstPage: false });
  const pages = result.data ?? [];
  const entries: DiaryEntry[] = pages.flatMap((page) => page.entries);
  const last = pages[pages.length - 1];
  return {
    ...result,
    entries,
    hasMore: last !== undefined && last.nextCursor !== null,
    loadingMore: result.size > 0 && result.data !== undefined && result.data[result.size - 1] === undefined,
  };
}

export function diaryEntryKey(id: string) {
  return apiPaths.diary.entry(id);
}

/** GET /api/diary/{id}: one's own entry or one that mentions the caller; else 404 DIARY_ENTRY_NOT_FOUND. */
export function getDiaryEntry(id: string): Promise<DiaryEntry> {
  return api.get<'/api/diary/{id}'>(diaryEntryKey(id));
}

/** One entry; nothing is asked for an id that is not a UUID (the gateway would answer 404 anyway). */
export function useDiaryEntry(id: string) {
  return useSWR<DiaryEntry>(isUuid(id) ? diaryEntryKey(id) : null, () => getDiaryEntry(id));
}
