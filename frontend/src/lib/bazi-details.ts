/**
 * The chart's finer Japanese labels and lookups: what the detailed views need (the pillar table, the
 * time-correction note, the profile) and the landing page's first screen does not, kept apart from
 * lib/bazi.ts so that the landing bundle stays small.
 */
import { ELEMENT_LABELS, type BaziAnalysis } from '@/lib/bazi';

/** The mark after a result that rests on the 12:00 assumed for an unknown birth time. */
export const HOUR_DEPENDENT_MARK = '（時刻不明のため参考）';

/** Japanese names of the results the engine lists in `hourDependent`. */
export const HOUR_DEPENDENT_LABELS: Record<string, string> = {
  year: '年柱',
  month: '月柱',
  day: '日柱',
  hour: '時柱',
  elements: '五行のバランス',
  dominant: '最も強い五行',
  strength: '身強・身弱',
  favorableElements: '喜神・忌神',
  luck: '大運',
};

/** The Japanese names of `hourDependent` result names, each once, unknown names as they are. */
export function hourDependentLabels(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => HOUR_DEPENDENT_LABELS[name] ?? name))];
}

export const TIME_MODE_LABELS: Record<string, string> = {
  standard: '標準時',
  mean: '地方平均時',
  apparent: '真太陽時',
};

/** 庚 → 庚（陽の金）, from the element and polarity the gateway sends with the day master. */
export function dayMasterLabel({
  dayMaster,
  dayMasterElement,
  dayMasterPolarity,
}: Pick<BaziAnalysis, 'dayMaster' | 'dayMasterElement' | 'dayMasterPolarity'>): string {
  if (!dayMasterElement || !dayMasterPolarity) return dayMaster;
  return `${dayMaster}（${dayMasterPolarity === 'yang' ? '陽' : '陰'}の${ELEMENT_LABELS[dayMasterElement]}）`;
}
