import { describe, expect, it } from 'vitest';

import { isImageCode, messageProblem, screenImages, subjectProblem } from '@/features/support/utils/ticket-rules';

const image = (name: string, type: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type });

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

describe('the screenshots chosen', () => {
  it('takes PNG and JPEG images of at most 2 MiB', () => {
    const png = image('a.png', 'image/png', 2 * 1024 * 1024);
    const jpeg = image('b.jpg', 'image/jpeg');
    expect(screenImages(0, [png, jpeg])).toEqual({ accepted: [png, jpeg], problems: [] });
  });

  it('leaves out other types, bigger files and a fourth image, saying each reason once', () => {
    const gif = image('a.gif', 'image/gif');
    const webp = image('b.webp', 'image/webp');
    const big = image('big.png', 'image/png', 2 * 1024 * 1024 + 1);
    const [first, second] = [image('1.png', 'image/png'), image('2.jpg', 'image/jpeg')];
    expect(screenImages(1, [gif, big, first, webp, second, image('3.png', 'image/png')])).toEqual({
      accepted: [first, second],
      problems: ['PNGかJPEGの画像を選んでください', '画像は1枚2MBまでです', '添付できる画像は3枚までです'],
    });
    expect(screenImages(3, [first])).toEqual({ accepted: [], problems: ['添付できる画像は3枚までです'] });
  });

  it("knows which of support's refusals are about the images", () => {
    for (const code of ['IMAGE_EMPTY', 'IMAGE_TOO_LARGE', 'IMAGE_TYPE_NOT_ALLOWED', 'IMAGE_CORRUPT', 'IMAGE_TOO_LARGE_DIMENSIONS', 'TOO_MANY_ATTACHMENTS']) {
      expect(isImageCode(code)).toBe(true);
    }
    expect(isImageCode('TICKET_MESSAGE_TOO_LONG')).toBe(false);
    expect(isImageCode(undefined)).toBe(false);
  });
});
