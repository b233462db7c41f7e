import { describe, expect, it } from 'vitest';

import { displayName, formatMoment, inviteLinkFor } from '@/features/friends/utils/members';

describe('displayName', () => {
  it('uses the first name when there is one, else the username', () => {
    expect(displayName({ username: 'hanako', firstName: '花子' })).toBe('花子');
    expect(displayName({ username: 'hanako', firstName: null })).toBe('hanako');
  });

  it('treats a blank first name as none', () => {
    expect(displayName({ username: 'hanako', firstName: '  ' })).toBe('hanako');
    expect(displayName({ username: 'hanako', firstName: ' 花子 ' })).toBe('花子');
  });
});

describe('inviteLinkFor', () => {
  it('joins the origin and the invite path without a doubled slash', () => {
    expect(inviteLinkFor('https://meguri.app', '/invite/abc')).toBe('https://meguri.app/invite/abc');
    expect(inviteLinkFor('http://127.0.0.1:8080/', '/invite/abc')).toBe('http://127.0.0.1:8080/invite/abc');
  });
});

describe('formatMoment', () => {
  it('writes an RFC 3339 moment as a Japanese date and leaves nonsense empty', () => {
    expect(formatMoment('2026-11-21T10:00:00+09:00')).toMatch(/^2026年11月2[01]日$/);
    expect(formatMoment('not a date')).toBe('');
    expect(formatMoment(null)).toBe('');
  });
});
