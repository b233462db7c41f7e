import { describe, expect, it } from 'vitest';

import type { StaffMember } from '@/features/admin/api/types';
import { auditChangeText, auditValueText } from '@/features/admin/utils/audit-changes';

const SATO_ID = '0193d2b0-5a1e-7000-a000-000000000001';
const STAFF: StaffMember[] = [
  {
    id: SATO_ID,
    email: 'sato@meguri.example',
    role: 'admin',
    isActive: true,
    lastLogin: null,
    createdAt: '2026-04-01T00:00:00Z',
  },
];

const change = (action: string, before: string | null, after: string | null) => ({ action, before, after });

describe('the change an audit entry records', () => {
  it('names staff by their e-mail, and nobody as 未割り当て', () => {
    expect(auditChangeText(change('ticket.assign', null, SATO_ID), STAFF)).toBe('未割り当て → sato@meguri.example');
    expect(auditChangeText(change('ticket.assign', SATO_ID, null), STAFF)).toBe('sato@meguri.example → 未割り当て');
    expect(auditChangeText(change('ticket.assign', null, '0193d2b0-5a1e-7000-a000-000000000099'), STAFF)).toBe(
      '未割り当て → 不明なスタッフ',
    );
    // Before the staff list has come.
    expect(auditValueText('ticket.assign', SATO_ID, undefined)).toBe('不明なスタッフ');
  });

  it('names statuses, priorities and roles by their labels', () => {
    expect(auditChangeText(change('ticket.status', 'open', 'closed'), STAFF)).toBe('受付中 → 完了');
    expect(auditChangeText(change('ticket.priority', 'normal', 'urgent'), STAFF)).toBe('通常 → 緊急');
    expect(auditChangeText(change('staff.role', 'support', 'admin'), STAFF)).toBe('サポート → 管理者');
    expect(auditChangeText(change('staff.create', null, 'support'), STAFF)).toBe('サポート');
    expect(auditChangeText(change('staff.deactivate', 'true', 'false'), STAFF)).toBe('有効 → 無効');
  });

  it('writes balances as numbers', () => {
    expect(auditChangeText(change('credits.adjust', '1200', '11200'), STAFF)).toBe('1,200 → 11,200');
  });

  it("shows nothing for a reply or a note (the log keeps the message's id, never its text)", () => {
    expect(auditChangeText(change('ticket.reply', null, '0193d2b0-5a1e-7000-c000-000000000001'), STAFF)).toBe('');
    expect(auditChangeText(change('ticket.note', null, '0193d2b0-5a1e-7000-c000-000000000002'), STAFF)).toBe('');
  });

  it('shows nothing when the entry carries no values, and unknown values as they came', () => {
    expect(auditChangeText(change('staff.sign_in', null, null), STAFF)).toBe('');
    expect(auditChangeText(change('ticket.status', 'archived', 'open'), STAFF)).toBe('archived → 受付中');
    expect(auditChangeText(change('chart.retry', 'failed', null), STAFF)).toBe('failed → —');
  });
});
