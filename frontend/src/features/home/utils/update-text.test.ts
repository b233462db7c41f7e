import { describe, expect, it } from 'vitest';

import { parseUpdateText } from '@/features/home/utils/update-text';

describe('parseUpdateText', () => {
  it('reads a header line followed by bullet lines', () => {
    expect(parseUpdateText('はなこさんの今日\n- 人に会うと運気アップ\n- 午後は休息を')).toEqual({
      kind: 'bullets',
      header: 'はなこさんの今日',
      bullets: ['人に会うと運気アップ', '午後は休息を'],
    });
  });

  it('ignores blank lines, surrounding spaces and Windows line ends, and drops empty bullets', () => {
    expect(parseUpdateText('  見出し  \r\n\r\n  -  ひとつ目 \r\n-\r\n-ふたつ目\n\n')).toEqual({
      kind: 'bullets',
      header: '見出し',
      bullets: ['ひとつ目', 'ふたつ目'],
    });
  });

  it('lets a line without the mark continue the bullet before it, or the header before any bullet', () => {
    expect(parseUpdateText('見出しの\n続き\n- 一つ目の\nつづき\n- 二つ目')).toEqual({
      kind: 'bullets',
      header: '見出しの続き',
      bullets: ['一つ目のつづき', '二つ目'],
    });
  });

  it('has no header when the text starts with a bullet', () => {
    expect(parseUpdateText('- あ\n- い')).toEqual({ kind: 'bullets', header: '', bullets: ['あ', 'い'] });
  });

  it('takes the full-width mark as a bullet too', () => {
    expect(parseUpdateText('見出し\n－ 全角')).toEqual({ kind: 'bullets', header: '見出し', bullets: ['全角'] });
  });

  it('splits plain text after Japanese sentence-ending punctuation, keeping the marks', () => {
    expect(parseUpdateText('今日は穏やかな一日。人との縁が深まります！無理は禁物？')).toEqual({
      kind: 'sentences',
      sentences: ['今日は穏やかな一日。', '人との縁が深まります！', '無理は禁物？'],
    });
  });

  it('keeps closing brackets and repeated marks with their sentence, and the unfinished rest as the last', () => {
    expect(parseUpdateText('「いい日だね。」と言われた！？そして最後に')).toEqual({
      kind: 'sentences',
      sentences: ['「いい日だね。」', 'と言われた！？', 'そして最後に'],
    });
  });

  it('does not split at commas, and ends a sentence at a line break', () => {
    expect(parseUpdateText('朝は静かに、夜はにぎやかに\n友だちと話そう。')).toEqual({
      kind: 'sentences',
      sentences: ['朝は静かに、夜はにぎやかに', '友だちと話そう。'],
    });
  });

  it('makes no items of an empty or blank text', () => {
    expect(parseUpdateText('')).toEqual({ kind: 'sentences', sentences: [] });
    expect(parseUpdateText(' \n \n')).toEqual({ kind: 'sentences', sentences: [] });
  });

  it('keeps every non-space character of a plain text, in order', () => {
    const samples = [
      '一。二！三？四',
      '。。はじめ',
      '終わり。」',
      'abc. def! ghi?',
      '「あ」「い」。う',
      '！？！？',
    ];
    for (const text of samples) {
      const parsed = parseUpdateText(text);
      expect(parsed.kind).toBe('sentences');
      if (parsed.kind === 'sentences') {
        expect(parsed.sentences.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
        expect(parsed.sentences.every((s) => s.trim() === s && s !== '')).toBe(true);
      }
    }
  });
});
