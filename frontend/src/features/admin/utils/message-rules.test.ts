import { describe, expect, it } from 'vitest';

import { composerProblem } from '@/features/admin/utils/message-rules';

describe("a staff message's limits", () => {
  it('takes 1–5000 characters of text (counted as characters) and a signature of up to 50', () => {
    expect(composerProblem('ご連絡ありがとうございます。', '')).toBeNull();
    expect(composerProblem('𠮷'.repeat(5000), '佐藤')).toBeNull();
    expect(composerProblem('  \n ', '')).toBe('本文を入力してください');
    expect(composerProblem('あ'.repeat(5001), '')).toBe('本文は5000文字以内で入力してください');
    expect(composerProblem('はい', 'あ'.repeat(51))).toBe('差出人名は50文字以内で入力してください');
  });
});
