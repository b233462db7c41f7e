import { describe, expect, it } from 'vitest';

import { checkMessage, messageLength, normalizeMessage } from '@/features/chat/utils/message';

describe('the message rule', () => {
  it('counts characters as the service does, an emoji or a surrogate pair as one', () => {
    expect(messageLength('こんにちは')).toBe(5);
    expect(messageLength('🔮𠮷')).toBe(2);
  });

  it('ignores white space around the text, full-width spaces and newlines included', () => {
    expect(normalizeMessage('\u3000 今日は？\n')).toBe('今日は？');
    expect(messageLength('  a b  ')).toBe(3);
  });

  it('is empty when only white space is left', () => {
    expect(checkMessage(' \n\u3000', 500)).toBe('empty');
  });

  it('takes exactly the longest length and refuses one more', () => {
    expect(checkMessage('あ'.repeat(500), 500)).toBe('ok');
    expect(checkMessage('あ'.repeat(501), 500)).toBe('too-long');
    expect(checkMessage('あ'.repeat(11), 10)).toBe('too-long');
  });
});
