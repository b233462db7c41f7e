/**
 * A birth time a summer-time change skipped or repeated (Japan 1948–1951). The gateway refuses it with
 * NONEXISTENT_LOCAL_TIME / AMBIGUOUS_LOCAL_TIME and lists the readings (`choices`); the person picks
 * one and the form sends it back as `dstChoice`.
 */
import { isApiError } from '@/lib/api-client';
import type { ApiSchema } from '@/types/api';

export type DstChoiceKey = 'earlier' | 'later' | 'standard';

/** One reading as the gateway sends it (generated `DstChoiceBody`). */
export type DstOption = ApiSchema<'DstChoiceBody'>;

const KEYS: readonly string[] = ['earlier', 'later', 'standard'];

function isOption(value: unknown): value is DstOption {
  if (typeof value !== 'object' || value === null) return false;
  const o = value as Record<string, unknown>;
  return (
    typeof o.choice === 'string' &&
    KEYS.includes(o.choice) &&
    (o.clockChange === 'gap' || o.clockChange === 'overlap') &&
    typeof o.wallClock === 'string' &&
    typeof o.utc === 'string'
  );
}

/** The readings a failed request offers, or null when it offers none. */
export function dstOptionsOf(error: unknown): DstOption[] | null {
  if (!isApiError(error)) return null;
  const code = error.code;
  if (code !== 'NONEXISTENT_LOCAL_TIME' && code !== 'AMBIGUOUS_LOCAL_TIME') return null;
  const choices = error.body?.choices;
  if (!Array.isArray(choices)) return null;
  const options = choices.filter(isOption);
  return options.length > 0 ? options : null;
}

/** Whether a stored or handed-over value is one of the choices (session storage is not trusted). */
export function isDstChoiceKey(value: unknown): value is DstChoiceKey {
  return typeof value === 'string' && KEYS.includes(value);
}

/** What a reading takes the entered time as: 「標準時」, 「切り替え前の時刻」, 「1回目（夏時間）」… */
function readingAs(option: Pick<DstOption, 'choice' | 'clockChange'>): string {
  if (option.choice === 'standard') return '標準時';
  if (option.clockChange === 'gap') return option.choice === 'earlier' ? '切り替え前の時刻' : '切り替え後の時刻';
  return option.choice === 'earlier' ? '1回目（夏時間）' : '2回目（標準時）';
}

/** The radio label of a reading: 「標準時として読む」, 「切り替え前の時刻として読む」… */
export function dstChoiceLabel(option: Pick<DstOption, 'choice' | 'clockChange'>): string {
  return `${readingAs(option)}として読む`;
}

/**
 * A reading in use: the choice sent as `dstChoice`, and whether the clocks skipped (`gap`) or repeated
 * (`overlap`) the time when that is known (the user object keeps only the choice).
 */
export type DstReading = { choice: DstChoiceKey; clockChange?: string };

/** The reading of `choice` among the options the gateway offered, with their clock change. */
export function dstReadingOf(choice: DstChoiceKey, options: readonly DstOption[] | null): DstReading {
  const clockChange = options?.find((option) => option.choice === choice)?.clockChange;
  return clockChange ? { choice, clockChange } : { choice };
}

/**
 * The note under a saved or sent birth time that says which reading is in use:
 * 「夏時間の切り替えで存在しない時刻のため、標準時として読んでいます」. Without `clockChange` the note says
 * neither skipped nor repeated, and an earlier or later reading is named as before or after the change,
 * which holds for both.
 */
export function dstChoiceInUse({ choice, clockChange }: DstReading): string {
  const why =
    clockChange === 'gap'
      ? '夏時間の切り替えで存在しない時刻のため'
      : clockChange === 'overlap'
        ? '夏時間の切り替えで2回ある時刻のため'
        : '夏時間の切り替えにかかる時刻のため';
  return `${why}、${readingAs({ choice, clockChange: clockChange ?? 'gap' })}として読んでいます`;
}

/** `1948-05-02T01:30:00` → 「1948年5月2日 01:30」. */
export function formatWallClock(stamp: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(stamp);
  if (!match) return stamp;
  const [, y, m, d, hh, mm] = match;
  return `${Number(y)}年${Number(m)}月${Number(d)}日 ${hh}:${mm}`;
}

/** The line under a reading's label: what the clocks showed at that moment. */
export function dstChoiceDetail(option: Pick<DstOption, 'wallClock'>): string {
  return `当時の時計で ${formatWallClock(option.wallClock)}`;
}

/** Why the choice is asked, for the heading above the radios. */
export function dstQuestion(option: Pick<DstOption, 'clockChange' | 'civilLocalTime'>): string {
  const entered = formatWallClock(option.civilLocalTime);
  return option.clockChange === 'gap'
    ? `${entered} はサマータイムの開始で時計が進められ、存在しない時刻です。どの時刻として読みますか？`
    : `${entered} はサマータイムの終了で2回ある時刻です。どちらとして読みますか？`;
}
