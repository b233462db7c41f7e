import { describe, expect, it } from 'vitest';

import { messageProblem, subjectProblem } from '@/features/support/utils/ticket-rules';

describe("support's checks, made before sending", () => {
  it('wants a subject of one line and at most 100 characters, counted as a person counts them', () => {
    expect(subjectProblem('   ')).toBe('件名を入力してください');
    expect(subjectProblem('ログインできません')).toBeNull();
    expect(subjectProblem('𠮷'.repeat(100))).toBeNull();
    expect(subjectProblem('あ'.repeat(101))).toBe('件名は100文字以内・1行で入力してください');
    expect(subjectProblem('一行目\n二行目')).toBe('件名は100文字以内・1行で入力してください');
    // Surrounding spaces and line breaks are not part of it.
    expect(subjectProblem(` ${'あ'.repeat(100)}\n`)).toBeNull();
  });

  it('wants a message of at most 5000 characters', () => {
    expect(messageProblem('\n \n')).toBe('お問い合わせ内容を入力してください');
    expect(messageProblem('一行目\n二行目')).toBeNull();
    expect(messageProblem('あ'.repeat(5000))).toBeNull();
    expect(messageProblem('あ'.repeat(5001))).toBe('お問い合わせ内容は5000文字以内で入力してください');
  });
});
