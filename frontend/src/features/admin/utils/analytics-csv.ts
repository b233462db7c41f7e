/**
 * The dashboard's CSV export (「CSVをダウンロード」): one row per day of the period with Japanese headers, as
 * Excel in Japan opens it: UTF-8 with a byte order mark (without it Excel reads Shift_JIS and garbles the
 * headers), CRLF line ends, and every field that holds a comma, a quote or a line break quoted with its
 * quotes doubled (RFC 4180). Figures are plain integers (no thousands separators, which a spreadsheet would
 * read as text); a day not rolled up yet says いいえ in 集計済み and has its zeros.
 */
import type { AnalyticsDay } from '@/features/admin/api/types';
import type { DayFigure } from '@/features/admin/utils/analytics-figures';
import type { AnalyticsRange } from '@/features/admin/utils/analytics-range';

/** U+FEFF: the byte order mark, EF BB BF in UTF-8. */
export const BOM = '\uFEFF';

/** The columns after 日付 and 集計済み, in order. */
const FIGURE_COLUMNS: readonly [string, DayFigure][] = [
  ['新規登録', 'newUsers'],
  ['アクティブユーザー', 'activeUsers'],
  ['週間アクティブ', 'weeklyActiveUsers'],
  ['月間アクティブ', 'monthlyActiveUsers'],
  ['訪問数', 'visits'],
  ['ページビュー', 'pageViews'],
  ['売上（円）', 'revenueYen'],
  ['購入数', 'purchases'],
  ['付与クレジット', 'creditsSold'],
  ['消費クレジット', 'creditsSpent'],
];

export const ANALYTICS_CSV_HEADERS: readonly string[] = ['日付', '集計済み', ...FIGURE_COLUMNS.map(([header]) => header)];

/** One field: as it is, or in double quotes (inner quotes doubled) when it holds a comma, quote or line break. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csvRow(fields: readonly (string | number)[]): string {
  return fields.map(csvField).join(',');
}

/** The file's whole text: the BOM, the header row and one row per day, each line ending in CRLF. */
export function analyticsCsv(days: readonly AnalyticsDay[]): string {
  const rows = days.map((day) =>
    csvRow([day.date, day.rolledUp ? 'はい' : 'いいえ', ...FIGURE_COLUMNS.map(([, figure]) => day[figure])]),
  );
  return `${BOM}${[csvRow(ANALYTICS_CSV_HEADERS), ...rows].map((line) => `${line}\r\n`).join('')}`;
}

/** meguri-analytics-2026-10-31-2026-11-29.csv */
export function analyticsCsvFileName({ from, to }: AnalyticsRange): string {
  return `meguri-analytics-${from}-${to}.csv`;
}
