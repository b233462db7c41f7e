import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { apiPaths } from '@/config/paths';
import type {
  DeliveredLetter,
  DiaryEdit,
  DiaryEntry,
  DiaryMember,
  DiaryPage,
  LuckyDay,
  MentionNotification,
  NewDiaryEntry,
} from '@/features/diary/api/types';
import { localIsoDate } from '@/lib/dates';
import { findMentions, isSameUsername } from '@/lib/username';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import { members } from '@/testing/mocks/social';
import type { ApiSchema } from '@/types/api';

type Error = ApiSchema<'ErrorBody'>;

/** Days relative to the test's real today, as the screens compute them. */
export function dayFromToday(days: number): string {
  const at = new Date();
  at.setDate(at.getDate() + days);
  return localIsoDate(at);
}

const stamp = '2026-11-22T03:00:00Z';

/** An entry by the signed-in member (hanako); override any field. */
export function sampleEntry(fields: Partial<DiaryEntry> & Pick<DiaryEntry, 'id'>): DiaryEntry {
  return {
    author: members.me,
    date: dayFromToday(0),
    content: '今日はよく晴れた。',
    publishToFuture: false,
    deliveryDate: null,
    authoredDate: null,
    sealed: false,
    delivered: false,
    hasBeenShown: false,
    emailSent: false,
    mentions: [],
    createdAt: stamp,
    updatedAt: stamp,
    ...fields,
  };
}

export const entryId = (n: number) => `0193d1a2-7c1e-7000-9000-${String(n).padStart(12, '0')}`;

export const sampleLuckyDay = (date: string): LuckyDay => ({
  date,
  reasons: [
    { id: 'tenshanichi', name: '天赦日', description: '天が万物の罪を赦す日。暦の上で最上の吉日です。' },
    { id: 'taian', name: '大安', description: '六曜で終日吉とされる日です。' },
  ],
});

type Diary = {
  entries: DiaryEntry[];
  /** The accepted friends a `@handle` resolves to. */
  friends: DiaryMember[];
  /** What GET /api/diary/lucky-day answers (an error body with its status, or the day). */
  luckyDay: LuckyDay | { status: number; code: string; message: string };
  mentions: MentionNotification[];
  letters: DeliveredLetter[];
  /** Every POST body, in order. */
  created: NewDiaryEntry[];
  shownMentions: string[];
  shownLetters: string[];
};

/**
 * The gateway's diary, letter and mention routes over an in-memory diary of the signed-in member, with
 * the contract's rules (docs/api/diary.md): validation codes and messages, idempotent creation by clientId,
 * sealed letters without content, mentions of accepted friends only, cursor paging. Returns the state.
 */
export function mockDiary(initial: Partial<Diary> = {}, pageSize = 20) {
  const diary: Diary = {
    entries: [],
    friends: [members.taro],
    luckyDay: sampleLuckyDay(dayFromToday(5)),
    mentions: [],
    letters: [],
    created: [],
    shownMentions: [],
    shownLetters: [],
    ...initial,
  };
  let next = 1000;
  const byClientId = new Map<string, DiaryEntry>();
  // The list holds the caller's own entries; others' (that mention the caller) are reached only by id.
  const sorted = () => diary.entries.filter((e) => e.author.userId === members.me.userId).sort((a, b) => (a.date === b.date ? b.createdAt.localeCompare(a.createdAt) : b.date.localeCompare(a.date)));
  const notFound = () => apiError(404, 'DIARY_ENTRY_NOT_FOUND', '日記が見つかりません');
  const resolve = (content: string) =>
    diary.friends.filter((friend) =>
      findMentions(content).some((m) => m.candidates.some((name) => isSameUsername(name, friend.username))),
    );
  const check = (content: string, date: string | null): Response | null => {
    const length = [...content.trim()].length;
    if (length === 0 || length > 1000) return apiError(400, 'INVALID_DIARY_CONTENT', '日記の内容を1〜1000文字で入力してください');
    if (date !== null && (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > dayFromToday(0))) {
      return apiError(400, 'INVALID_DIARY_DATE', '日付が正しくありません（未来の日付は選べません）');
    }
    return null;
  };

  server.use(
    http.get<PathParams, DefaultBodyType, DiaryPage | Error>(apiPaths.diary.list, ({ request }) => {
      const url = new URL(request.url);
      const cursor = url.searchParams.get('cursor');
      const limit = Number(url.searchParams.get('limit') ?? pageSize);
      const all = sorted();
      const start = cursor === null ? 0 : all.findIndex((e) => e.id === cursor) + 1;
      if (cursor !== null && start === 0) return apiError(400, 'INVALID_CURSOR', 'ページの指定が正しくありません');
      const entries = all.slice(start, start + Math.min(limit, pageSize));
      const more = start + entries.length < all.length;
      return HttpResponse.json({ entries, nextCursor: more ? (entries[entries.length - 1]?.id ?? null) : null });
    }),
    http.post<PathParams, NewDiaryEntry, DiaryEntry | Error>(apiPaths.diary.list, async ({ request }) => {
      const body = await request.json();
      diary.created.push(body);
      const first = byClientId.get(body.clientId);
      if (first) return HttpResponse.json(first, { status: 200 });
      const letter = body.publishToFuture === true;
      const refused = check(body.content, letter ? null : body.date);
      if (refused) return refused;
      const delivery = body.deliveryDate ?? '';
      if (letter && !(delivery > dayFromToday(0) && delivery <= dayFromToday(3652))) {
        return apiError(400, 'INVALID_DELIVERY_DATE', '届ける日は明日から10年後までの日付を選んでください');
      }
      next += 1;
      const entry = sampleEntry({
        id: entryId(next),
        content: letter ? null : body.content.trim(),
        date: letter ? delivery : body.date,
        publishToFuture: letter,
        deliveryDate: letter ? delivery : null,
        authoredDate: letter ? dayFromToday(0) : null,
        sealed: letter,
        mentions: letter ? [] : resolve(body.content),
        createdAt: new Date(Date.parse(stamp) + next * 1000).toISOString(),
      });
      byClientId.set(body.clientId, entry);
      diary.entries.push(entry);
      return HttpResponse.json(entry, { status: 201 });
    }),
    http.get<PathParams, DefaultBodyType, LuckyDay | Error>('/api/diary/lucky-day', () => {
      const answer = diary.luckyDay;
      return 'status' in answer ? apiError(answer.status, answer.code, answer.message) : HttpResponse.json(answer);
    }),
    http.get(apiPaths.diary.letters, () => HttpResponse.json({ letters: diary.letters })),
    http.post<{ id: string }>('/api/diary/letters/:id/mark-shown', ({ params }) => {
      if (!diary.letters.some((l) => l.id === params.id)) return notFound();
      diary.shownLetters.push(params.id);
      diary.letters = diary.letters.filter((l) => l.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get<{ id: string }>('/api/diary/:id', ({ params }) => {
      const entry = diary.entries.find((e) => e.id === params.id);
      return entry ? HttpResponse.json<DiaryEntry>(entry) : notFound();
    }),
    http.put<{ id: string }, DiaryEdit>('/api/diary/:id', async ({ params, request }) => {
      const entry = diary.entries.find((e) => e.id === params.id);
      if (!entry) return notFound();
      if (entry.sealed) return apiError(409, 'LETTER_SEALED', '未来への手紙は届くまで編集できません');
      const body = await request.json();
      const refused = check(body.content, body.date);
      if (refused) return refused;
      Object.assign(entry, { content: body.content.trim(), date: body.date, mentions: resolve(body.content) });
      return HttpResponse.json<DiaryEntry>(entry);
    }),
    http.delete<{ id: string }>('/api/diary/:id', ({ params }) => {
      if (!diary.entries.some((e) => e.id === params.id)) return notFound();
      diary.entries = diary.entries.filter((e) => e.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get(apiPaths.mentions.notifications, () => HttpResponse.json<MentionNotification[]>(diary.mentions)),
    http.post<{ id: string }>('/api/mentions/:id/mark-shown', ({ params }) => {
      if (!diary.mentions.some((m) => m.id === params.id)) return apiError(404, 'MENTION_NOT_FOUND', 'メンションが見つかりません');
      diary.shownMentions.push(params.id);
      diary.mentions = diary.mentions.filter((m) => m.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return diary;
}

/** A mention of the signed-in member by `mentioner` in an entry of `date`. */
export function sampleMention(n: number, mentioner: DiaryMember, content: string, date = '2026-11-20'): MentionNotification {
  return {
    id: `0193d1a2-7c1e-7000-a000-${String(n).padStart(12, '0')}`,
    mentioner: { userId: mentioner.userId, username: mentioner.username, profileImageUrl: mentioner.profileImageUrl },
    diaryEntry: { id: entryId(n), date, content },
    createdAt: stamp,
  };
}
