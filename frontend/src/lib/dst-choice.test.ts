import { describe, expect, it } from 'vitest';

import { ApiError } from '@/lib/api-client';
import {
  dstChoiceDetail,
  dstChoiceInUse,
  dstChoiceLabel,
  dstOptionsOf,
  dstQuestion,
  dstReadingOf,
  formatWallClock,
  isDstChoiceKey,
} from '@/lib/dst-choice';
import { skippedTimeChoices } from '@/testing/mocks/dst';

const gap = skippedTimeChoices;

const refusal = (code: string, choices: unknown) =>
  new ApiError(400, 'refused', { message: 'その時刻は…', code, choices });

describe('dstOptionsOf', () => {
  it('reads the readings of a skipped time', () => {
    const options = dstOptionsOf(refusal('NONEXISTENT_LOCAL_TIME', gap));
    expect(options?.map((o) => o.choice)).toEqual(['earlier', 'later', 'standard']);
  });

  it('offers nothing for another code, another error or malformed choices', () => {
    expect(dstOptionsOf(refusal('INVALID_DATE', gap))).toBeNull();
    expect(dstOptionsOf(new Error('network'))).toBeNull();
    expect(dstOptionsOf(refusal('AMBIGUOUS_LOCAL_TIME', [{ choice: 'summer', clockChange: 'gap' }]))).toBeNull();
    expect(dstOptionsOf(refusal('AMBIGUOUS_LOCAL_TIME', undefined))).toBeNull();
  });
});

describe('the wording', () => {
  it('names each reading of a gap and of an overlap', () => {
    expect(gap.map((o) => dstChoiceLabel(o as never))).toEqual([
      '切り替え前の時刻として読む',
      '切り替え後の時刻として読む',
      '標準時として読む',
    ]);
    expect(dstChoiceLabel({ choice: 'earlier', clockChange: 'overlap' })).toBe('1回目（夏時間）として読む');
    expect(dstChoiceLabel({ choice: 'later', clockChange: 'overlap' })).toBe('2回目（標準時）として読む');
  });

  it('says what the clocks showed and why the question is asked', () => {
    expect(dstChoiceDetail({ wallClock: '1948-05-01T23:30:00' })).toBe('当時の時計で 1948年5月1日 23:30');
    expect(formatWallClock('not a stamp')).toBe('not a stamp');
    expect(dstQuestion({ clockChange: 'gap', civilLocalTime: '1948-05-02T00:30:00' })).toContain(
      '1948年5月2日 00:30 はサマータイムの開始',
    );
    expect(dstQuestion({ clockChange: 'overlap', civilLocalTime: '1949-09-11T00:30:00' })).toContain('2回ある時刻');
  });
});

describe('the reading in use', () => {
  it('says why and how a saved time is read, in the words of the labels', () => {
    expect(dstChoiceInUse({ choice: 'standard', clockChange: 'gap' })).toBe(
      '夏時間の切り替えで存在しない時刻のため、標準時として読んでいます',
    );
    expect(dstChoiceInUse({ choice: 'earlier', clockChange: 'overlap' })).toBe(
      '夏時間の切り替えで2回ある時刻のため、1回目（夏時間）として読んでいます',
    );
  });

  it('names neither a gap nor an overlap when only the choice is known (the user object)', () => {
    expect(dstChoiceInUse({ choice: 'standard' })).toBe('夏時間の切り替えにかかる時刻のため、標準時として読んでいます');
    expect(dstChoiceInUse({ choice: 'later' })).toBe('夏時間の切り替えにかかる時刻のため、切り替え後の時刻として読んでいます');
  });

  it('takes the clock change of the picked reading from the options offered', () => {
    const options = dstOptionsOf(refusal('NONEXISTENT_LOCAL_TIME', gap));
    expect(dstReadingOf('later', options)).toEqual({ choice: 'later', clockChange: 'gap' });
    expect(dstReadingOf('later', null)).toEqual({ choice: 'later' });
  });

  it('takes only the three choices from storage', () => {
    expect(['earlier', 'later', 'standard', 'summer', '', null].map(isDstChoiceKey)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
