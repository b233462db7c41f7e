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

/** The radio label of a reading: 「標準時として読む」, 「切り替え前の時刻として読む」… */
export function dstChoiceLabel(option: Pick<DstOption, 'choice' | 'clockChange'>): string {
  if (option.choice === 'standard') return '標準時として読む';
  if (option.clockChange === 'gap') {
    return option.choice === 'earlier' ? '切り替え前の時刻として読む' : '切り替え後の時刻として読む';
  }
  return option.choice === 'earlier' ? '1回目（夏時間）として読む' : '2回目（標準時）として読む';
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
