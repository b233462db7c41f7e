/**
 * The chart as the gateway describes it, shared by every screen that shows one: the public calculator
 * (POST /api/public/calculate-bazi) and a signed-in person's stored chart (GET /api/fortune/chart), whose
 * `details` carry the same analysis. The types are the gateway's schemas (generated from its OpenAPI
 * document, see types/api.ts); the labels are the Japanese names the screens show.
 * Pure: no React, no requests.
 */
import type { ApiSchema } from '@/types/api';


export type Pillar = ApiSchema<'PillarBody'>;

export const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
export type PillarKey = (typeof PILLAR_KEYS)[number];

/** In the order of the 相生 cycle: wood feeds fire, fire makes earth, earth bears metal, metal carries water. */
export const ELEMENT_KEYS = ['wood', 'fire', 'earth', 'metal', 'water'] as const;
export type ElementKey = (typeof ELEMENT_KEYS)[number];

/** The five element values and the dominant element (gateway `ElementsBody`). */
export type ElementBalance = ApiSchema<'ElementsBody'>;

/** One 蔵干 (hidden stem) of a branch: its 通変星 relative to the day master and its role (本気, 中気 or 余気). */
export type HiddenStem = ApiSchema<'HiddenStemBody'>;

/** One pillar with its analysis; `tenGod` is empty for the day stem (the day master itself). */
export type PillarDetail = ApiSchema<'PillarDetailBody'>;

/** Strength of the day master: its support share (0–100), 身強/身弱/中和 and one Japanese sentence per reason. */
export type DayMasterStrength = ApiSchema<'StrengthBody'>;

/** One 大運. */
export type LuckPillar = ApiSchema<'LuckPillarBody'>;

/** Luck pillars; sent only when the gender is known. */
export type Luck = ApiSchema<'LuckBody'>;

/** A solar term (節) instant. */
export type SolarTerm = ApiSchema<'SolarTermBody'>;

/** The chart's analysis; the engine puts the time-correction sentence into `notes`. */
export type BaziAnalysis = ApiSchema<'AnalysisBody'>;

/** How the clock time became the time the pillars use. */
export type TimeCorrection = ApiSchema<'TimeBody'>;

/** The four pillars and the five elements: what the spec's calculation response promises (spec §3). */
export type ChartAndElements = Pick<ApiSchema<'CalculateBaziResponse'>, 'baziChart' | 'elements'>;

function isPillar(value: unknown): value is Pillar {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Pillar).heavenlyStem === 'string' &&
    typeof (value as Pillar).earthlyBranch === 'string'
  );
}

/** True when `value` has all four pillars and all five element values with a valid dominant element. */
export function hasChartAndElements(value: unknown): value is ChartAndElements {
  if (typeof value !== 'object' || value === null) return false;
  const { baziChart, elements } = value as Partial<ChartAndElements>;
  if (typeof baziChart !== 'object' || baziChart === null) return false;
  if (typeof elements !== 'object' || elements === null) return false;
  return (
    PILLAR_KEYS.every((key) => isPillar(baziChart[key])) &&
    ELEMENT_KEYS.every((key) => typeof elements[key] === 'number') &&
    isElementKey(elements.dominant)
  );
}

export const PILLAR_LABELS: Record<PillarKey, string> = { year: '年柱', month: '月柱', day: '日柱', hour: '時柱' };

export const ELEMENT_LABELS: Record<ElementKey, string> = {
  wood: '木',
  fire: '火',
  earth: '土',
  metal: '金',
  water: '水',
};

export function isElementKey(value: string): value is ElementKey {
  return (ELEMENT_KEYS as readonly string[]).includes(value);
}

/** `wood` → 木; anything else (already a kanji, or unknown) as it came. */
export const elementLabel = (key: string) => (isElementKey(key) ? ELEMENT_LABELS[key] : key);
