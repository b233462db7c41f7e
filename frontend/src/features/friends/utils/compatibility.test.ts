import { describe, expect, it } from 'vitest';

import { clampScore, compatibilityStatusText, scoreWord } from '@/features/friends/utils/compatibility';

describe('scoreWord', () => {
  it('names each band of the score, the boundaries included in the higher band', () => {
    expect(scoreWord(100)).toBe('最高の相性');
    expect(scoreWord(85)).toBe('最高の相性');
    expect(scoreWord(84)).toBe('とても良い相性');
    expect(scoreWord(70)).toBe('とても良い相性');
    expect(scoreWord(69)).toBe('良い相性');
    expect(scoreWord(55)).toBe('良い相性');
    expect(scoreWord(54)).toBe('ほどよい相性');
    expect(scoreWord(40)).toBe('ほどよい相性');
    expect(scoreWord(39)).toBe('刺激し合う相性');
    expect(scoreWord(0)).toBe('刺激し合う相性');
  });
});

describe('compatibilityStatusText', () => {
  it('says why a friend has no score', () => {
    expect(compatibilityStatusText('pending')).toBe('相性を計算中...');
    expect(compatibilityStatusText('unavailable')).toBe('生年月日が未登録のため相性を出せません');
    expect(compatibilityStatusText('failed')).toBe('相性を計算できませんでした');
    expect(compatibilityStatusText('ready')).toBe('');
  });
});

describe('clampScore', () => {
  it('rounds into 0–100', () => {
    expect(clampScore(82.4)).toBe(82);
    expect(clampScore(-3)).toBe(0);
    expect(clampScore(140)).toBe(100);
    expect(clampScore(Number.NaN)).toBe(0);
  });
});
