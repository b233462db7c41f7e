import type { ImportantDate } from '@/features/reports/api/get-report';

export type DateState = 'past' | 'next' | 'future';

export type TimelineEntry = ImportantDate & {
  /** First and last day the date covers, `YYYY-MM-DD` (a year covers all of it); null if unreadable. */
  start: string | null;
  end: string | null;
  state: DateState;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** `2031` → 2031-01-01…2031-12-31, `2031-04` → the whole April, `2031-04-01` → that day. */
export function dateSpan(value: string): { start: string; end: string } | null {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  if (match[2] === undefined) return { start: `${year}-01-01`, end: `${year}-12-31` };
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  if (match[3] === undefined) {
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    return { start: `${year}-${pad(month)}-01`, end: `${year}-${pad(month)}-${pad(lastDay)}` };
  }
  const day = `${year}-${pad(month)}-${pad(Number(match[3]))}`;
  return { start: day, end: day };
}

/**
 * The important dates in time order, each marked against `today` (`YYYY-MM-DD`): `past` once its span
 * has ended, `next` for the first one that has not (a year still running counts), `future` after that.
 * Dates that cannot be read keep their order at the end and count as future (never as the next one).
 */
export function timelineOf(dates: readonly ImportantDate[], today: string): TimelineEntry[] {
  const entries = dates.map((date, index) => ({ date, index, span: dateSpan(date.date) }));
  entries.sort((a, b) => {
    if (a.span && b.span) return a.span.start.localeCompare(b.span.start) || a.index - b.index;
    if (a.span) return -1;
    if (b.span) return 1;
    return a.index - b.index;
  });
  let nextFound = false;
  return entries.map(({ date, span }) => {
    let state: DateState;
    if (span && span.end < today) state = 'past';
    else if (span && !nextFound) {
      state = 'next';
      nextFound = true;
    } else state = 'future';
    return { ...date, start: span?.start ?? null, end: span?.end ?? null, state };
  });
}
