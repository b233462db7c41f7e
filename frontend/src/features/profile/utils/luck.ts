import type { LuckPillar } from '@/lib/bazi';

/** `YYYY-MM-DD` of a luck pillar's start; its start year's 1 January when the date is missing. */
export function luckStart(pillar: LuckPillar): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(pillar.startDate)?.[0];
  return date ?? `${String(pillar.startYear).padStart(4, '0')}-01-01`;
}

/**
 * The index of the luck pillar (大運) that `today` (`YYYY-MM-DD`) falls in: the last one that has
 * started. -1 before the first one starts (or when there are none). The pillars are taken in the order
 * of their start dates, whatever order they came in; the index refers to the given array.
 */
export function currentLuckIndex(pillars: readonly LuckPillar[], today: string): number {
  let current = -1;
  let currentStart = '';
  pillars.forEach((pillar, index) => {
    const start = luckStart(pillar);
    if (start <= today && start >= currentStart) {
      current = index;
      currentStart = start;
    }
  });
  return current;
}

/** 7.6 → 7歳 (the age the pillar starts at, in whole years as people count them). */
export const luckAgeLabel = (startAge: number) => `${Math.floor(startAge)}歳`;
