import { describe, expect, it } from 'vitest';

import { relationOf } from '@/features/friends/utils/relation';

describe('relationOf', () => {
  it('gives each state its label and action', () => {
    expect(relationOf('none')).toEqual({ label: '', action: 'request' });
    expect(relationOf('outgoing')).toEqual({ label: '申請中', action: 'cancel' });
    expect(relationOf('incoming')).toEqual({ label: '申請が届いています', action: 'accept' });
    expect(relationOf('friends')).toEqual({ label: 'フレンド', action: 'none' });
    expect(relationOf('blocked')).toEqual({ label: 'ブロック中', action: 'none' });
  });
});
