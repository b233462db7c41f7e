import { describe, expect, it } from 'vitest';

import {
  adjustmentDelta,
  adjustmentDoneMessage,
  adjustmentProblems,
  parseAmount,
  reasonLength,
} from '@/features/admin/utils/credit-adjustment';

describe('parseAmount', () => {
  it.each([
    ['1', 1],
    ['100000', 100_000],
    [' 25 ', 25],
    ['０５', 5],
    ['１２０', 120],
  ])('reads %j as %d', (text, amount) => {
    expect(parseAmount(text)).toBe(amount);
  });

  it.each(['', '0', '100001', '-5', '+5', '1.5', '1e3', '五', '12a'])('refuses %j', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('adjustmentProblems', () => {
  it('finds nothing wrong with an amount in range and a reason', () => {
    expect(adjustmentProblems('5', '補償のため')).toEqual({ amount: null, reason: null });
  });

  it('asks for the reason, and for an amount of 1–100000', () => {
    expect(adjustmentProblems('0', '   ')).toEqual({
      amount: '数量は1〜100000の整数で入力してください',
      reason: '理由を入力してください',
    });
  });

  it('allows 200 characters of reason, counted as the server counts them, and no more', () => {
    expect(adjustmentProblems('1', '𠮷'.repeat(200)).reason).toBeNull();
    expect(adjustmentProblems('1', 'あ'.repeat(201)).reason).toBe('理由は200文字以内で入力してください');
    expect(reasonLength('𠮷'.repeat(3))).toBe(3);
  });
});

describe('the adjustment sent and said', () => {
  it('is positive for 付与 and negative for 減算', () => {
    expect(adjustmentDelta('grant', 5)).toBe(5);
    expect(adjustmentDelta('deduct', 3)).toBe(-3);
  });

  it('is confirmed in words with the amount', () => {
    expect(adjustmentDoneMessage(5)).toBe('5クレジットを付与しました');
    expect(adjustmentDoneMessage(-3)).toBe('3クレジットを減算しました');
  });
});
