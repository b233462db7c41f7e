/**
 * What every chart of the dashboard shares: its height, the colours (the app's indigo and gold first, then the
 * five elements' colours, each clear on white) and MUI X Charts' own words in Japanese (the library has no
 * Japanese locale).
 */
import type { ChartsLocaleText } from '@mui/x-charts/locales';

import { NO_ANALYTICS } from '@/features/admin/utils/analytics-figures';
import { formatCount } from '@/features/admin/utils/dashboard-figures';
import { elementColors, palette } from '@/theme/palette';

/** A per-day chart's height in px (the width follows the card). */
export const CHART_HEIGHT = 300;

/**
 * The height of a labelled x axis: the tick labels and the axis' title under them (with the library's 25 px
 * the title takes the room of the tick labels, which are then cut to nothing).
 */
export const X_AXIS_HEIGHT = 50;

export const CHART_COLORS = {
  primary: palette.primary.main,
  primaryLight: palette.primary.light,
  gold: palette.secondary.main,
  wood: elementColors.wood.main,
  water: elementColors.water.main,
  fire: elementColors.fire.main,
  metal: elementColors.metal.main,
} as const;

/** The slices of a pie, in turn (その他 takes the grey one after the largest six). */
export const PIE_COLORS: readonly string[] = [
  CHART_COLORS.primary,
  CHART_COLORS.gold,
  CHART_COLORS.water,
  CHART_COLORS.wood,
  CHART_COLORS.fire,
  CHART_COLORS.primaryLight,
  CHART_COLORS.metal,
];

export const CHART_LOCALE: Partial<ChartsLocaleText> = {
  loading: '読み込み中…',
  noData: NO_ANALYTICS,
};

/** A tooltip's figure: 1,234人; a day not rolled up yet says 集計前 rather than a 0 it does not know. */
export function perDay(unit: string) {
  return (value: number | null): string => (value === null ? '集計前' : `${formatCount(value)}${unit}`);
}

/** Room under a horizontal bar chart's bars: one row per name, plus the axis. */
export function barsHeight(count: number): number {
  return Math.max(160, count * 34 + 70);
}

/**
 * A value axis of counts (people, yen, credits): whole numbers with thousands separators; the ticks a small
 * range puts between two whole numbers (0.5) stay unlabelled.
 */
export function countAxis(label: string) {
  return {
    label,
    valueFormatter: (value: number, context: { location: string }): string =>
      context.location === 'tick' && !Number.isInteger(value) ? '' : formatCount(value),
  };
}

/** A table's figure cells stay on one line and as narrow as they can; the names wrap instead. */
export const NUMBER_CELL = { whiteSpace: 'nowrap', width: '1%' } as const;

/** Marks on a line's points only while they are few enough to stay apart (two weeks). */
export const MARKS_UP_TO_DAYS = 14;
