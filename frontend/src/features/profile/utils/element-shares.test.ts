import { describe, expect, it } from 'vitest';

import { elementShares, formatElementValue, wholePercents } from '@/features/profile/utils/element-shares';
import type { ElementBalance } from '@/lib/bazi';

const balance = (wood: number, fire: number, earth: number, metal: number, water: number, dominant: ElementBalance['dominant']) => ({
  wood,
  fire,
  earth,
  metal,
  water,
  dominant,
});

describe('wholePercents', () => {
  it('rounds so that the shares always add up to 100', () => {
    expect(wholePercents([1, 1, 1])).toEqual([34, 33, 33]);
    expect(wholePercents([0, 2, 2, 3, 1])).toEqual([0, 25, 25, 38, 12]);
    const weighted = wholePercents([0.8, 2.5, 2.8, 0.5, 0.3]);
    expect(weighted.reduce((sum, value) => sum + value, 0)).toBe(100);
  });

  it('gives 0 everywhere when there is nothing to share', () => {
    expect(wholePercents([0, 0, 0, 0, 0])).toEqual([0, 0, 0, 0, 0]);
  });
});

describe('elementShares', () => {
  it('lists the elements in 相生 order with their value, share and standing', () => {
    const shares = elementShares(balance(0, 2, 2, 3, 1, 'metal'));

    expect(shares.map((share) => share.key)).toEqual(['wood', 'fire', 'earth', 'metal', 'water']);
    expect(shares.map((share) => share.percent)).toEqual([0, 25, 25, 38, 12]);
    expect(shares.map((share) => share.standing)).toEqual(['missing', 'normal', 'normal', 'dominant', 'weak']);
  });

  it('takes the dominant element from the server, which breaks ties', () => {
    const shares = elementShares(balance(0, 3, 1, 3, 1, 'fire'));
    expect(shares.find((share) => share.standing === 'dominant')?.key).toBe('fire');
    expect(shares.find((share) => share.key === 'metal')?.standing).toBe('normal');
  });

  it('marks nothing weak in an even chart', () => {
    const shares = elementShares(balance(2, 2, 1, 2, 1, 'wood'));
    // 1 of 8 is 12.5 %: below the even 20 % by enough to be called weak.
    expect(shares.map((share) => share.standing)).toEqual(['dominant', 'normal', 'weak', 'normal', 'weak']);
    expect(elementShares(balance(2, 2, 2, 2, 2, 'wood')).filter((share) => share.standing === 'weak')).toEqual([]);
  });
});

describe('formatElementValue', () => {
  it('shows whole numbers as they are and weighted ones to one decimal', () => {
    expect(formatElementValue(3)).toBe('3');
    expect(formatElementValue(2.5)).toBe('2.5');
    expect(formatElementValue(0.333)).toBe('0.3');
  });
});
