import { describe, expect, it } from 'vitest';

import { clearDraft, draftKey, emptyDraft, isBlank, loadDraft, saveDraft } from '@/features/diary/utils/draft';
import { isUuid } from '@/lib/ids';

describe('diary draft', () => {
  it('starts empty on today with a fresh client id each time', () => {
    const a = emptyDraft('2026-11-22');
    const b = emptyDraft('2026-11-22');
    expect(a).toMatchObject({ content: '', date: '2026-11-22', publishToFuture: false, deliveryDate: '' });
    expect(isUuid(a.clientId)).toBe(true);
    expect(a.clientId).not.toBe(b.clientId);
    expect(isBlank(a, '2026-11-22')).toBe(true);
    expect(isBlank({ ...a, content: 'x' }, '2026-11-22')).toBe(false);
    expect(isBlank(a, '2026-11-23')).toBe(false);
  });

  it('is kept per member and comes back as it was stored', () => {
    const draft = { ...emptyDraft('2026-11-22'), content: '下書き', publishToFuture: true, deliveryDate: '2027-01-01' };
    saveDraft('user-a', draft);
    expect(loadDraft('user-a')).toEqual(draft);
    expect(loadDraft('user-b')).toBeNull();
    clearDraft('user-a');
    expect(loadDraft('user-a')).toBeNull();
  });

  it('ignores what it cannot read', () => {
    localStorage.setItem(draftKey('u'), '{not json');
    expect(loadDraft('u')).toBeNull();
    localStorage.setItem(draftKey('u'), JSON.stringify({ clientId: 'not-a-uuid', content: '', date: '', publishToFuture: false, deliveryDate: '' }));
    expect(loadDraft('u')).toBeNull();
    localStorage.setItem(draftKey('u'), JSON.stringify({ content: 'x' }));
    expect(loadDraft('u')).toBeNull();
  });
});
