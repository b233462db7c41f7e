/**
 * The wire shapes of the gateway's diary, letter and mention routes (docs/api/diary.md), read off its
 * OpenAPI document by operation, so they follow the gateway whatever its schemas are named.
 */
import type { ApiAnswer, ApiBody } from '@/types/api';

/** One entry: own (or, on /diary/{id}, one that mentions the caller). `content` is null while sealed. */
export type DiaryEntry = ApiAnswer<'get', '/api/diary/{id}'>;
/** GET /api/diary: a page of the caller's entries, newest date first, and the cursor of the next. */
export type DiaryPage = ApiAnswer<'get', '/api/diary'>;
/** A member as the diary names them (the author, the mentioned friends). */
export type DiaryMember = DiaryEntry['author'];

export type NewDiaryEntry = ApiBody<'post', '/api/diary'>;
export type DiaryEdit = ApiBody<'put', '/api/diary/{id}'>;

/** GET /api/diary/lucky-day: the first lucky day on or after `from`, and which kind of day it is and why. */
export type LuckyDay = ApiAnswer<'get', '/api/diary/lucky-day'>;
export type LuckyReason = LuckyDay['reasons'][number];

/** GET /api/mentions/notifications: the caller's unseen mentions, oldest first. */
export type MentionNotification = ApiAnswer<'get', '/api/mentions/notifications'>[number];

/** GET /api/diary/letters: delivered letters the app has not shown yet. */
export type DeliveredLetter = ApiAnswer<'get', '/api/diary/letters'>['letters'][number];

/** GET /api/friends, read here only for the mention picker (accepted friends). */
export type FriendsAnswer = ApiAnswer<'get', '/api/friends'>;
export type MentionableFriend = FriendsAnswer['friends'][number];
