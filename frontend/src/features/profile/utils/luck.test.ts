import { describe, expect, it } from 'vitest';

import { currentLuckIndex, luckAgeLabel, luckStart } from '@/features/profile/utils/luck';
import type { LuckPillar } from '@/lib/bazi';

const pillar = (startDate: string, startYear = Number(startDate.slice(0, 4))): LuckPillar => ({
  heavenlyStem: '甲',
  earthlyBranch: '子',
  stemElement: 'wood',
  branchElement: 'water',
  startAge: 0,
  startYear,
  startDate,
  tenGod: '偏財',
  lifeStage: '死',
});

const pillars = [pillar('1993-07-10'), pillar('2003-07-10'), pillar('2013-07-10'), pillar('2023-07-10'), pillar('2033-07-10')];

describe('currentLuckIndex', () => {
  it('picks the last luck pillar that has started', () => {
    expect(currentLuckIndex(pillars, '2026-11-22')).toBe(3);
    expect(currentLuckIndex(pillars, '2003-07-11')).toBe(1);
  });

  it('counts the start day itself as inside the new pillar, the day before as inside the old one', () => {
    expect(currentLuckIndex(pillars, '2023-07-10')).toBe(3);
    expect(currentLuckIndex(pillars, '2023-07-09')).toBe(2);
  });

  it('is -1 before the first pillar starts and when there are none', () => {
    expect(currentLuckIndex(pillars, '1993-07-09')).toBe(-1);
    expect(currentLuckIndex([], '2026-11-22')).toBe(-1);
  });

  it('stays on the last pillar after it has started', () => {
    expect(currentLuckIndex(pillars, '2090-01-01')).toBe(4);
  });

  it('does not depend on the order the pillars came in', () => {
    const shuffled = [pillars[3], pillars[0], pillars[4], pillars[1], pillars[2]] as LuckPillar[];
    expect(shuffled[currentLuckIndex(shuffled, '2026-11-22')]).toBe(pillars[3]);
  });

  it('falls back to 1 January of the start year when the start date is missing', () => {
    expect(luckStart(pillar('', 2013))).toBe('2013-01-01');
    expect(luckStart(pillar('2013-07-10T00:00:00Z'))).toBe('2013-07-10');
    expect(currentLuckIndex([pillar('', 2013), pillar('', 2023)], '2022-12-31')).toBe(0);
  });
});

describe('luckAgeLabel', () => {
  it('shows whole years', () => {
    expect(luckAgeLabel(3.15)).toBe('3歳');
    expect(luckAgeLabel(33.99)).toBe('33歳');
  });
});
