import { describe, expect, it } from 'vitest';

import { GENERATES, readBalance } from '@/lib/balance-reading';
import type { ElementBalance } from '@/lib/bazi';

const balance = (
  wood: number,
  fire: number,
  earth: number,
  metal: number,
  water: number,
  dominant: ElementBalance['dominant'],
): ElementBalance => ({ wood, fire, earth, metal, water, dominant });

describe('readBalance', () => {
  it('reads a chart led by one very strong element, and sends its surplus to the element it feeds', () => {
    const reading = readBalance(balance(0, 1, 0, 5, 2, 'metal'));

    expect(reading.shape).toBe('concentrated');
    expect(reading.dominant).toBe('metal');
    expect(reading.strong).toEqual(['metal']);
    expect(reading.missing).toEqual(['wood', 'earth']);
    expect(reading.headline).toBe('「金」の気がとりわけ強い、個性のはっきりした命式です。');
    expect(reading.trait).toContain('「金」は磨く力');
    expect(reading.notes).toEqual([
      expect.stringMatching(/^「木」の気が命式にありません。/),
      expect.stringMatching(/^「土」の気が命式にありません。/),
    ]);
    // metal gives birth to water
    expect(reading.advice).toContain('「金」が生む「水」へ流すと活きます');
  });

  it('calls an even chart balanced, with no notes', () => {
    const reading = readBalance(balance(2, 2, 1, 2, 1, 'wood'));

    expect(reading.shape).toBe('balanced');
    expect(reading.headline).toBe('五つの気がほどよく巡る、バランスのとれた命式です。');
    expect(reading.missing).toEqual([]);
    expect(reading.notes).toEqual([]);
    expect(reading.advice).toContain('柔軟に動ける');
  });

  it('names the two leading elements and advises on the first missing one', () => {
    const reading = readBalance(balance(3, 3, 2, 0, 0, 'wood'));

    expect(reading.shape).toBe('leaning');
    expect(reading.strong).toEqual(['wood', 'fire']);
    expect(reading.headline).toBe('「木」と「火」の気が、あなたの流れを形づくっています。');
    expect(reading.missing).toEqual(['metal', 'water']);
    expect(reading.notes).toHaveLength(2);
    expect(reading.advice).toBe('足りない「金」を日々の中で意識して補うと、巡りがなめらかになります。');
  });

  it('mentions the faintest element when none is missing', () => {
    const reading = readBalance(balance(4, 2, 1, 1, 0.5, 'wood'));

    expect(reading.shape).toBe('leaning');
    expect(reading.headline).toBe('「木」の気を軸に、流れが形づくられている命式です。');
    expect(reading.notes).toEqual([expect.stringMatching(/^「水」の気は控えめです。/)]);
    expect(reading.advice).toContain('「木」が生む「火」の方向へ動くと');
  });

  it("follows the server's choice of the dominant element when values tie", () => {
    const reading = readBalance(balance(3, 3, 1, 1, 0, 'fire'));

    expect(reading.dominant).toBe('fire');
    expect(reading.headline.startsWith('「火」と「木」')).toBe(true);
    expect(reading.trait).toContain('「火」は照らす力');
  });

  it('gives the same words for the same values, whatever the key order', () => {
    const a = readBalance({ wood: 1, fire: 4, earth: 2, metal: 1, water: 0, dominant: 'fire' });
    const b = readBalance({ dominant: 'fire', water: 0, metal: 1, earth: 2, fire: 4, wood: 1 });

    expect(a).toEqual(b);
  });

  it('walks the generating cycle wood → fire → earth → metal → water → wood', () => {
    expect(GENERATES).toEqual({ wood: 'fire', fire: 'earth', earth: 'metal', metal: 'water', water: 'wood' });
  });
});
