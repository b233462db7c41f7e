import { describe, expect, it } from 'vitest';

import { wrapText, type Measure } from '@/features/home/utils/wrap-text';

/** Every character 10 px wide: a line of 100 px holds 10. */
const tenPx: Measure = (text) => Array.from(text).length * 10;

describe('wrapText', () => {
  it('keeps text that fits on one line', () => {
    expect(wrapText('今日は晴れ', 100, tenPx)).toEqual(['今日は晴れ']);
  });

  it('fills lines greedily and keeps every character in order', () => {
    const text = 'あいうえおかきくけこさしすせそたちつてと';
    const lines = wrapText(text, 100, tenPx);
    expect(lines).toEqual(['あいうえおかきくけこ', 'さしすせそたちつてと']);
    expect(lines.join('')).toBe(text);
  });

  it('never starts a line with closing punctuation or a small kana', () => {
    const lines = wrapText('あいうえおかきくけこ。さしすせそ', 100, tenPx);
    expect(lines).toEqual(['あいうえおかきくけ', 'こ。さしすせそ']);
    const small = wrapText('あいうえおかきくけちょっと', 100, tenPx);
    expect(small.every((line) => !/^[ょっ]/.test(line))).toBe(true);
    expect(small.join('')).toBe('あいうえおかきくけちょっと');
  });

  it('never ends a line with an opening bracket', () => {
    const lines = wrapText('あいうえおかきくけ「こさし」', 100, tenPx);
    expect(lines[0]?.endsWith('「')).toBe(false);
    expect(lines.join('')).toBe('あいうえおかきくけ「こさし」');
  });

  it('keeps a Latin word whole when it fits on a line of its own', () => {
    expect(wrapText('今日はMeguriで', 60, tenPx)).toEqual(['今日は', 'Meguri', 'で']);
  });

  it('breaks a word longer than a line, and never makes a line wider than allowed', () => {
    const lines = wrapText('abcdefghijklmnopqrstuvwxyz', 100, tenPx);
    expect(lines).toEqual(['abcdefghij', 'klmnopqrst', 'uvwxyz']);
    expect(lines.every((line) => tenPx(line) <= 100)).toBe(true);
  });

  it('turns runs of white space into one and drops spaces at line starts', () => {
    expect(wrapText('  hello   world  ', 60, tenPx)).toEqual(['hello', 'world']);
  });

  it('gives a character wider than the line a line of its own', () => {
    const wide: Measure = (text) => (text.includes('█') ? 500 : tenPx(text));
    expect(wrapText('あ█い', 100, wide)).toEqual(['あ', '█', 'い']);
  });
});
