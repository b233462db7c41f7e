import { HttpResponse } from 'msw';

import type { ApiSchema } from '@/types/api';

/**
 * 1948-05-02 00:30 in Tokyo, an hour the clocks skipped when summer time began: the readings the gateway
 * offers for it (`DstChoiceBody`), as it lists them.
 */
export const skippedTimeChoices: ApiSchema<'DstChoiceBody'>[] = [
  {
    choice: 'earlier',
    clockChange: 'gap',
    civilLocalTime: '1948-05-02T00:30:00',
    utc: '1948-05-01T15:30:00Z',
    wallClock: '1948-05-02T01:30:00',
    utcOffsetSeconds: 32400,
    summerTime: false,
  },
  {
    choice: 'later',
    clockChange: 'gap',
    civilLocalTime: '1948-05-02T00:30:00',
    utc: '1948-05-01T14:30:00Z',
    wallClock: '1948-05-01T23:30:00',
    utcOffsetSeconds: 36000,
    summerTime: true,
  },
  {
    choice: 'standard',
    clockChange: 'gap',
    civilLocalTime: '1948-05-02T00:30:00',
    utc: '1948-05-01T15:30:00Z',
    wallClock: '1948-05-02T01:30:00',
    utcOffsetSeconds: 32400,
    summerTime: false,
  },
];

export const SKIPPED_TIME_MESSAGE = 'その時刻はサマータイムの切り替えで存在しない時刻です。時刻を確認してください';

/** The gateway's 400 (and its message) for a skipped birth time sent without `dstChoice` (`ErrorBody` with its `choices`). */
export function skippedTimeRefusal(choices = skippedTimeChoices) {
  return HttpResponse.json<ApiSchema<'ErrorBody'>>(
    { message: SKIPPED_TIME_MESSAGE, code: 'NONEXISTENT_LOCAL_TIME', choices },
    { status: 400 },
  );
}

/** Whether a request body names a reading, as the gateway checks before it refuses a skipped time. */
export function hasDstChoice(body: unknown): boolean {
  return typeof body === 'object' && body !== null && typeof (body as { dstChoice?: unknown }).dstChoice === 'string';
}
