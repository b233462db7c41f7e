import { afterEach, describe, expect, it } from 'vitest';

import {
  endAdminSession,
  getAdminSession,
  parseRole,
  sessionDeadline,
  startAdminSession,
  updateAdminSessionExpiry,
} from '@/features/admin/stores/admin-session';

const answer = {
  token: 'tok-1',
  expiresAt: '2026-11-28T03:15:00Z',
  admin: { id: 'a1', email: 'sato@meguri.example', role: 'admin' },
};

describe('the staff session', () => {
  afterEach(() => sessionStorage.clear());

  it('is kept in sessionStorage, never in localStorage', () => {
    startAdminSession(answer, null, Date.parse('2026-11-28T03:00:00Z'));
    expect(getAdminSession()).toEqual({
      token: 'tok-1',
      expiresAt: Date.parse('2026-11-28T03:15:00Z'),
      admin: { id: 'a1', email: 'sato@meguri.example', role: 'admin' },
    });
    expect(Object.keys(sessionStorage).some((key) => sessionStorage.getItem(key)?.includes('tok-1'))).toBe(true);
    expect(Object.keys(localStorage)).toEqual([]);
  });

  it("measures the time left from the gateway's clock when its Date header says it", () => {
    const deviceNow = Date.parse('2026-11-28T03:10:00Z'); // ten minutes fast
    expect(sessionDeadline('2026-11-28T03:15:00Z', 'Sat, 28 Nov 2026 03:00:00 GMT', deviceNow)).toBe(
      deviceNow + 15 * 60_000,
    );
    expect(sessionDeadline('2026-11-28T03:15:00Z', null, deviceNow)).toBe(Date.parse('2026-11-28T03:15:00Z'));
    expect(sessionDeadline('2026-11-28T03:15:00Z', 'not a date', deviceNow)).toBe(Date.parse('2026-11-28T03:15:00Z'));
    expect(sessionDeadline('soon', null, deviceNow)).toBe(deviceNow);
  });

  it('treats an unknown role as the narrower one', () => {
    expect(parseRole('admin')).toBe('admin');
    expect(parseRole('support')).toBe('support');
    expect(parseRole('owner')).toBe('support');
  });

  it('ignores a stored value that is not a session', () => {
    sessionStorage.setItem('meguri:admin-session', '{"token":1}');
    expect(getAdminSession()).toBeNull();
    sessionStorage.setItem('meguri:admin-session', 'not json');
    expect(getAdminSession()).toBeNull();
  });

  it('is ended by a late 401 only if it is still the session that sent the request', () => {
    startAdminSession(answer, null, 0);
    startAdminSession({ ...answer, token: 'tok-2' }, null, 0);
    endAdminSession('expired', 'tok-1');
    expect(getAdminSession()?.token).toBe('tok-2');
    updateAdminSessionExpiry('tok-1', '2030-01-01T00:00:00Z', null, 0);
    expect(getAdminSession()?.expiresAt).toBe(Date.parse('2026-11-28T03:15:00Z'));
    endAdminSession('expired', 'tok-2');
    expect(getAdminSession()).toBeNull();
  });
});
