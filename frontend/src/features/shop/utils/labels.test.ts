import { describe, expect, it } from 'vitest';

import { ledgerReasonLabel, purchaseStatusLabel } from '@/features/shop/utils/labels';

describe('purchaseStatusLabel', () => {
  it.each([
    ['pending', '処理中'],
    ['completed', '完了'],
    ['expired', '期限切れ'],
    ['failed', '失敗'],
    ['canceled', 'キャンセル'],
    ['refunded', '返金済み'],
  ] as const)('%s → %s', (status, label) => {
    expect(purchaseStatusLabel(status)).toBe(label);
  });
});

describe('ledgerReasonLabel', () => {
  it.each([
    ['signup_bonus', '登録特典'],
    ['chat_message', 'チャット'],
    ['chat_refund', 'チャットの返金'],
    ['purchase', '購入'],
    ['purchase_refund', '購入の返金'],
    ['admin_grant', '付与'],
    ['admin_adjustment', '運営による調整'],
  ])('%s → %s', (reason, label) => {
    expect(ledgerReasonLabel(reason, 1)).toBe(label);
  });

  it('says whether an unknown reason added or took credits, never showing the code', () => {
    expect(ledgerReasonLabel('campaign_2027', 5)).toBe('クレジットの追加');
    expect(ledgerReasonLabel('campaign_2027', -5)).toBe('クレジットの減少');
  });

  it("names a staff adjustment the same whichever way it went (the member never sees the staff's note)", () => {
    expect(ledgerReasonLabel('admin_adjustment', 5)).toBe('運営による調整');
    expect(ledgerReasonLabel('admin_adjustment', -3)).toBe('運営による調整');
  });
});
