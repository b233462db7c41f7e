/**
 * The gateway's admin routes for running the service (issues 25 and 26), on top of mocks/admin.ts's state: the
 * dashboard's figures and charts, the audit log with its filters and cursors, and adding and changing staff
 * accounts.
 * Every route checks the bearer token as the others do (`adminCaller`: 401 ADMIN_UNAUTHENTICATED).
 */
import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { adminApiPaths } from '@/config/admin-paths';
import type {
  Analytics,
  AnalyticsDay,
  AuditEntry,
  AuditPage,
  Dashboard,
  NewStaff,
  StaffChange,
  StaffMember,
} from '@/features/admin/api/types';
import { addDays, daysInRange, defaultRange, type AnalyticsRange } from '@/features/admin/utils/analytics-range';
import { isIsoDay } from '@/features/admin/utils/audit-filters';
import { apiError } from '@/testing/mocks/accounts';
import {
  adminCaller,
  adminTicketId,
  cursorAt,
  memberId,
  offsetOf,
  SATO,
  staffId,
  SUZUKI,
  TANAKA,
  type Admin,
  type MockStaff,
} from '@/testing/mocks/admin';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

type Error = ApiSchema<'ErrorBody'>;

export const auditEntryId = (n: number) => `0193d2b0-5a1e-7000-f000-${String(n).padStart(12, '0')}`;

const unauthenticated = () =>
  apiError(
    401,
    'ADMIN_UNAUTHENTICATED',
    '管理画面にログインしてください（セッションの有効期限が切れたか、アカウントが無効になっています）',
  );
const forbidden = () => apiError(403, 'ADMIN_FORBIDDEN', 'この操作を行う権限がありません');

/** Today's figures as of 2026-11-29 14:05 in Japan, every service answering; override any field. */
export function sampleDashboard(fields: Partial<Dashboard> = {}): Dashboard {
  return {
    asOf: '2026-11-29T05:05:00Z',
    day: '2026-11-29',
    members: { total: 1234, newToday: 12, verified: 1016 },
    chartsFailed: 3,
    ticketsOpen: { low: 4, normal: 9, high: 2, urgent: 1 },
    mailsFailedToday: 0,
    purchasesToday: { count: 5, amountYen: 12_800 },
    unavailable: [],
    ...fields,
  };
}

/**
 * GET /api/admin/dashboard answering `state.dashboard` (change it between requests to see a reload);
 * `state.requests` counts the requests answered. The screen also reads its charts, so GET
 * /api/admin/analytics answers `sampleAnalytics` too (`mockAnalytics` afterwards for another answer).
 */
export function mockDashboard(admin: Admin, dashboard: Dashboard = sampleDashboard()) {
  const state = { dashboard, requests: 0 };
  mockAnalytics(admin);
  server.use(
    http.get<PathParams, DefaultBodyType, Dashboard | Error>(adminApiPaths.dashboard, ({ request }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      state.requests += 1;
      return HttpResponse.json(structuredClone(state.dashboard));
    }),
  );
  return state;
}

/** One day of the charts' answer, rolled up with every figure 0 unless given: a fixture for any test. */
export function analyticsDay({ date, ...fields }: Partial<AnalyticsDay> & Pick<AnalyticsDay, 'date'>): AnalyticsDay {
  return {
    date,
    rolledUp: true,
    newUsers: 0,
    activeUsers: 0,
    weeklyActiveUsers: 0,
    monthlyActiveUsers: 0,
    visits: 0,
    pageViews: 0,
    revenueYen: 0,
    purchases: 0,
    creditsSold: 0,
    creditsSpent: 0,
    ...fields,
  };
}

/** One day of `sampleAnalytics`: the `index`-th of its range, with figures that vary from day to day. */
function sampleDay(date: string, index: number, rolledUp: boolean): AnalyticsDay {
  if (!rolledUp) return analyticsDay({ date, rolledUp });
  const visits = 120 + (index % 10) * 5;
  const purchases = index % 3 === 0 ? 2 : 0;
  return analyticsDay({
    date,
    rolledUp,
    newUsers: 3 + (index % 5),
    activeUsers: 40 + (index % 7) * 3,
    weeklyActiveUsers: 150 + index,
    monthlyActiveUsers: 400 + 2 * index,
    visits,
    pageViews: visits * 3,
    revenueYen: purchases * 1_200,
    purchases,
    creditsSold: purchases * 30,
    creditsSpent: 20 + (index % 4),
  });
}

/** The funnel of every sample: 1,200 → 504 (42%) → 420 (83%) → 380 (90%) → 95 (25%) → 12 (13%). */
export const SAMPLE_FUNNEL = [
  { name: 'landing_calculation', count: 1200 },
  { name: 'sign_up', count: 504 },
  { name: 'email_verified', count: 420 },
  { name: 'first_reading', count: 380 },
  { name: 'first_chat', count: 95 },
  { name: 'first_purchase', count: 12 },
] as const;

/**
 * The gateway's answer for `range`: every day in order, the last `pendingDays` (1 unless given) not rolled up
 * yet (zeros), the totals added up from the days, and breakdowns with a feature the dashboard has no name for
 * (`share_image`), eight browsers (two go into その他) and unknown places; override any field.
 */
export function sampleAnalytics(
  range: AnalyticsRange,
  fields: Partial<Analytics> = {},
  pendingDays = 1,
): Analytics {
  const count = daysInRange(range);
  const days = Array.from({ length: count }, (_, i) => sampleDay(addDays(range.from, i), i, i < count - pendingDays));
  const sum = (figure: keyof Analytics['totals']) => days.reduce((total, day) => total + day[figure], 0);
  return {
    from: range.from,
    to: range.to,
    days,
    totals: {
      newUsers: sum('newUsers'),
      visits: sum('visits'),
      pageViews: sum('pageViews'),
      revenueYen: sum('revenueYen'),
      purchases: sum('purchases'),
      creditsSold: sum('creditsSold'),
      creditsSpent: sum('creditsSpent'),
    },
    funnel: SAMPLE_FUNNEL.map((step) => ({ ...step })),
    featureUsage: [
      { name: 'page_view', count: 5400 },
      { name: 'daily_reading_viewed', count: 1800 },
      { name: 'chat_message', count: 950 },
      { name: 'landing_calculation', count: 1200 },
      { name: 'sign_up', count: 504 },
      { name: 'diary_entry', count: 210 },
      { name: 'share_image', count: 14 },
    ],
    browsers: [
      { name: 'Chrome', count: 820 },
      { name: 'Safari', count: 640 },
      { name: 'Edge', count: 120 },
      { name: 'Firefox', count: 60 },
      { name: 'Samsung Internet', count: 30 },
      { name: 'Opera', count: 10 },
      { name: 'unknown', count: 8 },
      { name: 'Vivaldi', count: 2 },
    ],
    operatingSystems: [
      { name: 'iOS', count: 700 },
      { name: 'Android', count: 520 },
      { name: 'Windows', count: 300 },
      { name: 'macOS', count: 150 },
      { name: 'unknown', count: 20 },
    ],
    countries: [
      { name: 'JP', count: 1500 },
      { name: 'US', count: 80 },
      { name: 'TW', count: 40 },
      { name: 'unknown', count: 12 },
    ],
    cities: [
      { name: 'JP/東京', count: 600 },
      { name: 'JP/大阪', count: 300 },
      { name: 'JP/福岡', count: 120 },
      { name: 'unknown', count: 50 },
    ],
    unavailable: [],
    ...fields,
  };
}

/**
 * GET /api/admin/analytics with the gateway's checks: `from`/`to` real days `YYYY-MM-DD` (400
 * INVALID_ANALYTICS_DATE), in order and at most 366 days (400 INVALID_ANALYTICS_RANGE); without them the last
 * 30 days ending yesterday in Japan. It answers `state.answer(range)` (change it to answer otherwise);
 * `state.queries` records every request's query string, in order.
 */
export function mockAnalytics(admin: Admin, answer: (range: AnalyticsRange) => Analytics = (range) => sampleAnalytics(range)) {
  const state = { answer, queries: [] as string[] };
  server.use(
    http.get<PathParams, DefaultBodyType, Analytics | Error>(adminApiPaths.analytics(), ({ request }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      const url = new URL(request.url);
      state.queries.push(url.search);
      const fallback = defaultRange(Date.now());
      const from = url.searchParams.get('from') ?? fallback.from;
      const to = url.searchParams.get('to') ?? fallback.to;
      if (!isIsoDay(from) || !isIsoDay(to)) {
        return apiError(400, 'INVALID_ANALYTICS_DATE', '日付は YYYY-MM-DD の形式で指定してください');
      }
      if (from > to || daysInRange({ from, to }) > 366) {
        return apiError(400, 'INVALID_ANALYTICS_RANGE', '期間は開始日から終了日まで366日以内で指定してください');
      }
      return HttpResponse.json(structuredClone(state.answer({ from, to })));
    }),
  );
  return state;
}

/** An audit entry by 佐藤 (a ticket's status, 受付中 → 完了); override any field. */
export function sampleAuditEntry(fields: Partial<AuditEntry> & Pick<AuditEntry, 'id'>): AuditEntry {
  return {
    at: '2026-11-28T03:00:00Z',
    actor: { id: SATO.id, email: SATO.email },
    action: 'ticket.status',
    targetType: 'ticket',
    targetId: adminTicketId(1),
    before: 'open',
    after: 'closed',
    reason: null,
    ...fields,
  };
}

/** What each sample entry did, in turn (`sampleAuditLog`). */
const SAMPLE_ACTIONS: readonly Omit<AuditEntry, 'id' | 'at' | 'actor'>[] = [
  { action: 'ticket.assign', targetType: 'ticket', targetId: adminTicketId(1), before: null, after: TANAKA.id, reason: null },
  { action: 'ticket.status', targetType: 'ticket', targetId: adminTicketId(2), before: 'open', after: 'in_progress', reason: null },
  { action: 'ticket.priority', targetType: 'ticket', targetId: adminTicketId(3), before: 'normal', after: 'urgent', reason: null },
  { action: 'ticket.reply', targetType: 'ticket', targetId: adminTicketId(2), before: null, after: 'message-id', reason: null },
  {
    action: 'credits.adjust',
    targetType: 'member',
    targetId: memberId(1),
    before: '120',
    after: '1120',
    reason: '決済の二重請求に対する返金分',
  },
  { action: 'chart.retry', targetType: 'member', targetId: memberId(2), before: null, after: null, reason: null },
  { action: 'staff.role', targetType: 'staff', targetId: TANAKA.id, before: 'support', after: 'admin', reason: null },
  { action: 'staff.deactivate', targetType: 'staff', targetId: SUZUKI.id, before: null, after: null, reason: null },
  { action: 'staff.sign_in', targetType: 'staff', targetId: SATO.id, before: null, after: null, reason: null },
];

/**
 * `count` entries, newest first (entry 1 is the newest, 2026-11-28 12:00 UTC, then one every 3 hours), by 佐藤
 * and 田中 in turn, going through SAMPLE_ACTIONS.
 */
export function sampleAuditLog(count: number): AuditEntry[] {
  const start = Date.parse('2026-11-28T12:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const actor = i % 2 === 0 ? SATO : TANAKA;
    const what = SAMPLE_ACTIONS[i % SAMPLE_ACTIONS.length] ?? SAMPLE_ACTIONS[0];
    return sampleAuditEntry({
      id: auditEntryId(i + 1),
      at: new Date(start - i * 3 * 3_600_000).toISOString(),
      actor: { id: actor.id, email: actor.email },
      ...what,
    });
  });
}

const AUDIT_ACTIONS = new Set([
  'staff.sign_in',
  'staff.create',
  'staff.role',
  'staff.deactivate',
  'staff.reactivate',
  'ticket.assign',
  'ticket.status',
  'ticket.priority',
  'ticket.reply',
  'ticket.note',
  'credits.adjust',
  'chart.retry',
]);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The Japan day (`YYYY-MM-DD`) of a moment: Japan is UTC+9 all year. */
function japanDay(at: string): string {
  return new Date(Date.parse(at) + 9 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * GET /api/admin/audit over `entries` with the contract's rules: the filters (actor, action, targetType,
 * targetId, from/to as inclusive Japan days), newest first, opaque cursors, limit 1–100 (default 50), and
 * 400 for a value the gateway refuses. `state.queries` records every request's query string, in order.
 */
export function mockAudit(admin: Admin, entries: AuditEntry[] = sampleAuditLog(12)) {
  const state = { entries, queries: [] as string[] };
  server.use(
    http.get<PathParams, DefaultBodyType, AuditPage | Error>(adminApiPaths.audit(), ({ request }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      const url = new URL(request.url);
      state.queries.push(url.search);
      const query = url.searchParams;
      const actor = query.get('actor');
      const action = query.get('action');
      const targetType = query.get('targetType');
      const targetId = query.get('targetId');
      const from = query.get('from');
      const to = query.get('to');
      if (actor !== null && !UUID.test(actor)) return apiError(400, 'INVALID_ADMIN_ID', 'スタッフの指定が正しくありません');
      if (action !== null && !AUDIT_ACTIONS.has(action)) return apiError(400, 'INVALID_AUDIT_ACTION', '操作の指定が正しくありません');
      if (targetType !== null && !['ticket', 'member', 'staff'].includes(targetType)) {
        return apiError(400, 'INVALID_TARGET_TYPE', '対象の種類が正しくありません');
      }
      if ((from !== null && !DAY.test(from)) || (to !== null && !DAY.test(to))) {
        return apiError(400, 'INVALID_DATE', '日付は YYYY-MM-DD の形式で指定してください');
      }
      const limit = Number(query.get('limit') ?? '50');
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
        return apiError(400, 'INVALID_LIMIT', 'limit は 1〜100 で指定してください');
      }
      const cursor = query.get('cursor');
      const offset = cursor === null ? 0 : offsetOf(cursor);
      if (offset === null) return apiError(400, 'INVALID_CURSOR', 'ページの指定が正しくありません');

      const listed = state.entries
        .filter((entry) => actor === null || entry.actor.id === actor)
        .filter((entry) => action === null || entry.action === action)
        .filter((entry) => targetType === null || entry.targetType === targetType)
        .filter((entry) => targetId === null || entry.targetId === targetId.toLowerCase())
        .filter((entry) => from === null || japanDay(entry.at) >= from)
        .filter((entry) => to === null || japanDay(entry.at) <= to)
        .sort((a, b) => b.at.localeCompare(a.at) || b.id.localeCompare(a.id));
      const page = listed.slice(offset, offset + limit);
      const nextCursor = offset + limit < listed.length ? cursorAt(offset + limit) : null;
      return HttpResponse.json({ entries: structuredClone(page), nextCursor });
    }),
  );
  return state;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * POST /api/admin/staff and PATCH /api/admin/staff/{id} over `admin.staff` (what GET /api/admin/staff in
 * mocks/admin.ts lists, kept by e-mail): 403 ADMIN_FORBIDDEN to a support caller, 400 for an e-mail, role or
 * password the gateway refuses, 409 STAFF_EMAIL_TAKEN, 404 STAFF_NOT_FOUND, and 409 STAFF_SELF_CHANGE when the
 * caller deactivates or demotes themself. A changed account is a new object (SATO and friends are shared by
 * every test). `state.created` and `state.changes` record every request body, refused ones included.
 */
export function mockStaffAdmin(admin: Admin) {
  const state = {
    created: [] as NewStaff[],
    changes: [] as (StaffChange & { adminId: string })[],
  };
  let next = 100;
  const publicStaff = ({ password: _password, ...member }: MockStaff): StaffMember => member;
  const invalidRole = () => apiError(400, 'INVALID_ROLE', '権限は管理者またはサポートを指定してください');

  server.use(
    http.post<PathParams, NewStaff, StaffMember | Error>(adminApiPaths.staff, async ({ request }) => {
      const me = adminCaller(admin, request);
      if (!me) return unauthenticated();
      const body = await request.json();
      state.created.push(body);
      if (me.role !== 'admin') return forbidden();
      const email = body.email.trim().toLowerCase();
      if (!EMAIL.test(email)) return apiError(400, 'INVALID_EMAIL', 'メールアドレスの形式が正しくありません');
      if (body.role !== 'admin' && body.role !== 'support') return invalidRole();
      const length = [...body.password].length;
      if (length < 8) return apiError(400, 'PASSWORD_TOO_SHORT', 'パスワードは8文字以上にしてください');
      if (length > 128) return apiError(400, 'PASSWORD_TOO_LONG', 'パスワードは128文字以内にしてください');
      if (admin.staff.some((member) => member.email === email)) {
        return apiError(409, 'STAFF_EMAIL_TAKEN', 'このメールアドレスのスタッフはすでに登録されています');
      }
      next += 1;
      const member: MockStaff = {
        id: staffId(next),
        email,
        role: body.role,
        isActive: true,
        lastLogin: null,
        createdAt: new Date().toISOString(),
        password: body.password,
      };
      admin.staff = [...admin.staff, member].sort((a, b) => a.email.localeCompare(b.email));
      return HttpResponse.json(publicStaff(member), { status: 201 });
    }),
    http.patch<{ id: string }, StaffChange, StaffMember | Error>('/api/admin/staff/:id', async ({ request, params }) => {
      const me = adminCaller(admin, request);
      if (!me) return unauthenticated();
      const body = await request.json();
      state.changes.push({ ...body, adminId: params.id });
      if (me.role !== 'admin') return forbidden();
      if (body.role !== undefined && body.role !== 'admin' && body.role !== 'support') return invalidRole();
      const member = admin.staff.find((one) => one.id === params.id);
      if (!member) return apiError(404, 'STAFF_NOT_FOUND', 'スタッフが見つかりません');
      if (member.id === me.id && (body.isActive === false || (body.role !== undefined && body.role !== 'admin'))) {
        return apiError(409, 'STAFF_SELF_CHANGE', '自分自身のアカウントを無効化したり権限を下げたりすることはできません');
      }
      const changed: MockStaff = {
        ...member,
        ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
        ...(body.role === undefined ? {} : { role: body.role }),
      };
      admin.staff = admin.staff.map((one) => (one.id === changed.id ? changed : one));
      return HttpResponse.json(publicStaff(changed));
    }),
  );
  return state;
}
