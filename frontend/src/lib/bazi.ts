/**
 * The chart as the gateway describes it, shared by every screen that shows one: the public calculator
 * (POST /api/public/calculate-bazi) and a signed-in person's stored chart (GET /api/fortune/chart), whose
 * `details` carry the same analysis. Types mirror the gateway's bodies in
 * gateway/src/routes/public/post.rs (camelCase); the labels are the Japanese names the screens show.
 * Pure: no React, no requests.
 */

export type Pillar = {
  heavenlyStem: string;
  earthlyBranch: string;
};

export const PILLAR_KEYS = ['year', 'month', 'day', 'hour'] as const;
export type PillarKey = (typeof PILLAR_KEYS)[number];

/** In the order of the 相生 cycle: wood feeds fire, fire makes earth, earth bears metal, metal carries water. */
export const ELEMENT_KEYS = ['wood', 'fire', 'earth', 'metal', 'water'] as const;
export type ElementKey = (typeof ELEMENT_KEYS)[number];

export type ElementBalance = Record<ElementKey, number> & {
  dominant: ElementKey;
};

/** One 蔵干 (hidden stem) of a branch (gateway `HiddenStemBody`). */
export type HiddenStem = {
  stem: string;
  /** Its 通変星 relative to the day master, e.g. 偏印. */
  tenGod: string;
  /** 本気, 中気 or 余気. */
  role: string;
};

/** One pillar with its analysis (gateway `PillarDetailBody`). */
export type PillarDetail = {
  position: PillarKey;
  heavenlyStem: string;
  earthlyBranch: string;
  /** The stem's 通変星; empty for the day stem (the day master itself). */
  tenGod: string;
  hiddenStems: HiddenStem[];
  /** 納音 */
  nayin: string;
  /** 十二運 of the day master at this branch. */
  lifeStage: string;
  /** True when the birth time is unknown and this pillar rests on the assumed 12:00. */
  dependsOnHour: boolean;
};

/** Strength of the day master (gateway `StrengthBody`). */
export type DayMasterStrength = {
  /** Share of the chart that supports the day master, 0–100. */
  score: number;
  /** 身強, 身弱 or 中和. */
  verdict: string;
  /** One Japanese sentence each. */
  reasons: string[];
};

/** One 大運 (gateway `LuckPillarBody`). */
export type LuckPillar = {
  heavenlyStem: string;
  earthlyBranch: string;
  startAge: number;
  startYear: number;
  /** `YYYY-MM-DD` */
  startDate: string;
  tenGod: string;
  lifeStage: string;
};

/** Luck pillars (gateway `LuckBody`); sent only when the gender is known. */
export type Luck = {
  forward: boolean;
  startYears: number;
  startMonths: number;
  startDays: number;
  startDate: string;
  pillars: LuckPillar[];
};

/** A solar term (節) instant (gateway `SolarTermBody`). */
export type SolarTerm = {
  name: string;
  longitude: number;
  utc: string;
};

/** The chart's analysis (gateway `AnalysisBody`). */
export type BaziAnalysis = {
  /** The day stem (日主). */
  dayMaster: string;
  pillars: PillarDetail[];
  /** 空亡 branches of the day pillar. */
  kongWang: string[];
  strength: DayMasterStrength | null;
  /** Element keys (`wood` …), most helpful first. */
  favorableElements: string[];
  unfavorableElements: string[];
  luck: Luck | null;
  /** False when no birth time was given (12:00 was used). */
  timeKnown: boolean;
  /** Result names that depend on the unknown hour (`hour`, `elements`, `strength` …). */
  hourDependent: string[];
  /** Japanese notes for a person; the engine puts the time-correction sentence here. */
  notes: string[];
  /** Five elements over the hidden stems (weighted); `dominant` is empty. */
  hiddenElements: (Record<ElementKey, number> & { dominant: string }) | null;
  previousJie: SolarTerm | null;
  nextJie: SolarTerm | null;
};

/** How the clock time became the time the pillars use (gateway `TimeBody`). */
export type TimeCorrection = {
  /** `YYYY-MM-DDTHH:MM:SS` as entered (12:00 when unknown). */
  civilLocalTime: string;
  timeZone: string;
  utcOffsetSeconds: number;
  summerTime: boolean;
  utc: string;
  /** `standard`, `mean` or `apparent`. */
  mode: string;
  longitude: number;
  latitude: number;
  longitudeCorrectionSeconds: number;
  equationOfTimeSeconds: number;
  totalCorrectionSeconds: number;
  /** `YYYY-MM-DD HH:MM:SS` */
  correctedLocalTime: string;
  placeLabel: string;
  placeApproximate: boolean;
  /** `split` or `next_day`. */
  zi: string;
};

/** The four pillars and the five elements: what the spec's calculation response promises (spec §3). */
export type ChartAndElements = {
  baziChart: Record<PillarKey, Pillar>;
  elements: ElementBalance;
};

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
