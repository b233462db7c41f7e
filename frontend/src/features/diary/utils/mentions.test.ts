import { describe, expect, it } from 'vitest';

import { insertMention, mentionSegments } from '@/features/diary/utils/mentions';
import { findMentions } from '@/lib/username';

const highlighted = (text: string, known?: string[]) =>
  mentionSegments(text, known)
    .filter((segment) => segment.mention)
    .map((segment) => segment.text);

describe('insertMention', () => {
  it('puts `@username ` at the caret and moves the caret behind it', () => {
    expect(insertMention('今日は', 3, 3, 'taro')).toEqual({ text: '今日は@taro ', caret: 9 });
    expect(insertMention('と散歩した', 0, 0, 'taro')).toEqual({ text: '@taro と散歩した', caret: 6 });
  });

  it('replaces the selection', () => {
    expect(insertMention('今日は誰かと', 3, 5, 'taro')).toEqual({ text: '今日は@taro と', caret: 9 });
  });

  it('adds a space where a letter before the mark would make it an address, and none before a space', () => {
    const { text } = insertMention('hello', 5, 5, 'taro');
    expect(text).toBe('hello @taro ');
    expect(findMentions(text).map((m) => m.candidates[0])).toEqual(['taro']);
    expect(insertMention('a b', 1, 1, 'taro').text).toBe('a @taro b');
  });

  it('always makes a mention the rule finds', () => {
    for (const [before, after] of [['', ''], ['x', 'y'], ['今日', 'と'], ['_', '_'], ['mail', '@example']] as const) {
      const { text } = insertMention(`${before}${after}`, before.length, before.length, 'hanako');
      expect(findMentions(text).some((m) => m.candidates.includes('hanako')), text).toBe(true);
    }
  });
});

describe('mentionSegments', () => {
  it('highlights only the handles the entry resolved, as far as the name goes', () => {
    expect(highlighted('@taro と @jiroさん、そして @nobody', ['taro', 'jiroさん'])).toEqual(['@taro', '@jiroさん']);
    expect(highlighted('@taroと散歩', ['taro'])).toEqual(['@taro']);
    expect(highlighted('@TARO', ['taro'])).toEqual(['@TARO']);
    expect(highlighted('＠ｔａｒｏ', ['taro'])).toEqual(['＠ｔａｒｏ']);
  });

  it('highlights every handle when no names are known', () => {
    expect(highlighted('@taro と @jiro')).toEqual(['@taro', '@jiro']);
  });

  it('leaves addresses and plain text alone and keeps every character', () => {
    const text = 'hanako@example.jp に送った @taro\n二行目';
    const segments = mentionSegments(text, ['taro', 'example']);
    expect(segments.map((s) => s.text).join('')).toBe(text);
    expect(segments.filter((s) => s.mention).map((s) => s.text)).toEqual(['@taro']);
    expect(mentionSegments('')).toEqual([]);
  });
});
