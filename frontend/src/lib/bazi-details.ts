/**
 * The chart's finer Japanese labels and lookups: what the detailed views need (the pillar table, the
 * time-correction note, the profile) and the landing page's first screen does not, kept apart from
 * lib/bazi.ts so that the landing bundle stays small.
 */
import { ELEMENT_LABELS, type ElementKey } from '@/lib/bazi';

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

const STEMS = '甲乙丙丁戊己庚辛壬癸';
const STEM_ELEMENTS: ElementKey[] = ['wood', 'wood', 'fire', 'fire', 'earth', 'earth', 'metal', 'metal', 'water', 'water'];
const BRANCHES = '子丑寅卯辰巳午未申酉戌亥';
const BRANCH_ELEMENTS: ElementKey[] = [
  'water',
  'earth',
  'wood',
  'wood',
  'earth',
  'fire',
  'fire',
  'earth',
  'metal',
  'metal',
  'earth',
  'water',
];

/** 甲 → wood; undefined for anything that is not one of the ten stems. */
export function stemElement(stem: string): ElementKey | undefined {
  const index = stem.length === 1 ? STEMS.indexOf(stem) : -1;
  return index < 0 ? undefined : STEM_ELEMENTS[index];
}

/** 子 → water; undefined for anything that is not one of the twelve branches. */
export function branchElement(branch: string): ElementKey | undefined {
  const index = branch.length === 1 ? BRANCHES.indexOf(branch) : -1;
  return index < 0 ? undefined : BRANCH_ELEMENTS[index];
}

/** 庚 → 庚（陽の金）. */
export function dayMasterLabel(stem: string): string {
  const index = stem.length === 1 ? STEMS.indexOf(stem) : -1;
  const element = STEM_ELEMENTS[index];
  if (index < 0 || element === undefined) return stem;
  return `${stem}（${index % 2 === 0 ? '陽' : '陰'}の${ELEMENT_LABELS[element]}）`;
}

