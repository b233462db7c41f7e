import { describe, expect, it } from 'vitest';

import type { StaffMember } from '@/features/admin/api/types';
import { auditTarget, shortId } from '@/features/admin/utils/audit-targets';

const SATO_ID = '0193d2b0-5a1e-7000-a000-000000000001';
const STAFF: StaffMember[] = [
  { id: SATO_ID, email: 'sato@meguri.example', role: 'admin', isActive: true, lastLogin: null, createdAt: '2026-04-01T00:00:00Z' },
];
const TICKET = '0193d2b0-5a1e-7000-b000-00000000002a';
const MEMBER = '0193d2b0-5a1e-7000-e000-000000000003';

describe('the target of an audit entry', () => {
  it('links a ticket to its page and a member to the user page', () => {
    expect(auditTarget({ targetType: 'ticket', targetId: TICKET }, STAFF)).toEqual({
      kind: 'お問い合わせ',
      name: '…0000002a',
      id: TICKET,
      href: `/admin/tickets/${TICKET}`,
    });
    expect(auditTarget({ targetType: 'member', targetId: MEMBER }, STAFF)).toEqual({
      kind: '会員',
      name: '…00000003',
      id: MEMBER,
      href: `/admin/users/${MEMBER}`,
    });
  });

  it('names a staff account by its e-mail and links to the staff screen', () => {
    expect(auditTarget({ targetType: 'staff', targetId: SATO_ID }, STAFF)).toEqual({
      kind: 'スタッフ',
      name: 'sato@meguri.example',
      id: SATO_ID,
      href: '/admin/staff',
    });
    // Before the staff list has come.
    expect(auditTarget({ targetType: 'staff', targetId: SATO_ID }, undefined).name).toBe('…00000001');
  });

  it('gives no link to a target type it does not know', () => {
    expect(auditTarget({ targetType: 'order', targetId: TICKET }, STAFF)).toEqual({
      kind: 'order',
      name: '…0000002a',
      id: TICKET,
      href: null,
    });
  });

  it('shortens ids to their last 8 digits', () => {
    expect(shortId(TICKET)).toBe('…0000002a');
    expect(shortId('abc')).toBe('abc');
  });
});
