import { describe, expect, it } from 'vitest';

import { privacyPolicy, termsOfService, type LegalDocument } from '@/components/legal/legal-texts';

const configured = { name: '株式会社サンプル運営', url: 'https://operator.example/' };

/** Every word of a document, for searching. */
function fullText(doc: LegalDocument): string {
  return [
    doc.title,
    doc.lastRevised,
    ...doc.preamble,
    ...doc.sections.flatMap((s) => [s.heading, ...s.blocks.flatMap((b) => (typeof b === 'string' ? [b] : [...b]))]),
    doc.closing,
  ].join('\n');
}

describe.each([
  ['privacy policy', privacyPolicy],
  ['terms of service', termsOfService],
])('%s', (_, build) => {
  it('was last revised on 2025-09-27', () => {
    expect(build(configured).lastRevised).toBe('最終改定日 2025年9月27日');
  });

  it('introduces the operator by name, gives its site, and names no other company', () => {
    const text = fullText(build(configured));
    expect(text).toContain('株式会社サンプル運営（以下「運営者」といいます。）');
    expect(text).toContain('運営者のウェブサイト: https://operator.example/');
    expect(text.match(/株式会社|合同会社|有限会社|Inc\.|Ltd\./g)).toEqual(['株式会社']);
  });
});

describe('privacy policy', () => {
  const text = fullText(privacyPolicy(configured));

  it('says how birth date, time and place are used and stored', () => {
    expect(text).toContain('生年月日・出生時刻・出生地');
    expect(text).toMatch(/セッションストレージ/);
    expect(text).toMatch(/データベースに保存/);
  });

  it('covers cookies, consent-only analytics, account deletion and contact', () => {
    expect(text).toContain('セッション Cookie');
    expect(text).toContain('同意した場合にのみ');
    expect(text).toContain('アカウントを削除');
    expect(text).toContain('お問い合わせ');
  });
});

describe('terms of service', () => {
  it('caps liability at the payments of the last 12 months', () => {
    expect(fullText(termsOfService(configured))).toContain('過去12か月間に利用者が運営者に支払った利用料金の総額を上限');
  });
});
