import { delay, http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { adminApiPaths } from '@/config/admin-paths';
import type {
  AdminChart,
  AdminLedgerEntry,
  AdminLedgerPage,
  AdminMember,
  AdminPurchase,
  AdminPurchaseList,
  AdminUser,
  AdminUserMember,
  AdminUserPage,
  ChartRetryAnswer,
  CreditAdjustment,
  CreditAdjustmentAnswer,
} from '@/features/admin/api/types';
import { isUuid } from '@/lib/ids';
import { apiError } from '@/testing/mocks/accounts';
import { adminCaller, cursorAt, memberId, offsetOf, type Admin } from '@/testing/mocks/admin';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

type Error = ApiSchema<'ErrorBody'>;

/** The services behind a user page's parts, as `unavailable` names them. */
export type UserService = 'fortune' | 'billing' | 'social' | 'support';

export const ledgerEntryId = (n: number) => `0193d2b0-5a1e-7000-f000-${String(n).padStart(12, '0')}`;
export const adminPurchaseId = (n: number) => `0193d2b0-5a1e-7000-9000-${String(n).padStart(12, '0')}`;

/** One member as the mocked services know them; the tickets are the admin mock's (`Admin.tickets`, by `userId`). */
export type MockUser = {
  member: AdminUserMember;
  /** fortune's chart, null for none. */
  chart: AdminChart | null;
  balance: number;
  /** Newest first. */
  ledger: AdminLedgerEntry[];
  /** Newest first. */
  purchases: AdminPurchase[];
  friendsCount: number;
};

/** A member as their user page shows them; override any field. */
export function sampleUserMember(fields: Partial<AdminUserMember> & Pick<AdminUserMember, 'id'>): AdminUserMember {
  return {
    username: 'hoshino_mio',
    email: 'mio.hoshino@example.jp',
    emailVerified: true,
    createdAt: '2026-02-14T10:30:00Z',
    deletedAt: null,
    lastLogin: '2026-11-27T21:10:00Z',
    hasBirthData: true,
    onboardingComplete: true,
    ...fields,
  };
}

/** A ledger entry: 30 credits bought unless overridden (an adjustment carries a note and its staff member). */
export function sampleLedgerEntry(fields: Partial<AdminLedgerEntry> & Pick<AdminLedgerEntry, 'id'>): AdminLedgerEntry {
  return {
    delta: 30,
    balanceAfter: 30,
    reason: 'purchase',
    createdAt: '2026-11-20T01:01:00Z',
    note: null,
    actorId: null,
    ...fields,
  };
}

/** A completed purchase of one 30クレジット pack through Stripe; override any field. */
export function sampleAdminPurchase(fields: Partial<AdminPurchase> & Pick<AdminPurchase, 'id'>): AdminPurchase {
  return {
    itemId: 2,
    itemTitle: '30クレジット',
    itemDescription: 'お得なパックです。',
    amount: 1200,
    quantity: 1,
    creditsGranted: 30,
    creditsClawedBack: 0,
    status: 'completed',
    createdAt: '2026-11-20T01:00:00Z',
    completedAt: '2026-11-20T01:01:00Z',
    stripeSessionId: 'cs_test_a1B2c3D4e5F6',
    stripePaymentIntentId: 'pi_3QxYz0AbCdEf1234',
    clawbackShortfall: 0,
    ...fields,
  };
}

/**
 * 星野澪 (member 1): verified, onboarded, birth data in, a ready chart, 42 credits (a sign-up bonus, a
 * purchase, two chats), one purchase and 3 friends. Override any part.
 */
export function sampleUser(fields: Partial<Omit<MockUser, 'member'>> & { member?: Partial<AdminUserMember> } = {}): MockUser {
  const { member, ...rest } = fields;
  return {
    member: sampleUserMember({ id: memberId(1), ...member }),
    chart: { status: 'ready', updatedAt: '2026-02-14T10:31:00Z', attempts: 1, lastError: null },
    balance: 42,
    ledger: [
      sampleLedgerEntry({ id: ledgerEntryId(4), delta: -1, balanceAfter: 42, reason: 'chat_message', createdAt: '2026-11-26T12:00:00Z' }),
      sampleLedgerEntry({ id: ledgerEntryId(3), delta: -1, balanceAfter: 43, reason: 'chat_message', createdAt: '2026-11-25T12:00:00Z' }),
      sampleLedgerEntry({ id: ledgerEntryId(2), delta: 30, balanceAfter: 44, reason: 'purchase', createdAt: '2026-11-20T01:01:00Z' }),
      sampleLedgerEntry({ id: ledgerEntryId(1), delta: 14, balanceAfter: 14, reason: 'signup_bonus', createdAt: '2026-02-14T10:30:00Z' }),
    ],
    purchases: [sampleAdminPurchase({ id: adminPurchaseId(1) })],
    friendsCount: 3,
    ...rest,
  };
}

const USERNAMES = ['hoshino_mio', 'tsukikage', 'sora_2024', 'kaede.k', 'minato88', 'yuzu_hana', 'akari', 'haruto_s'] as const;

/**
 * `count` members, newest sign-up first (member 1 is the newest), a day apart: every fifth unverified, every
 * seventh deleted (e-mail emptied, as the gateway sends it), the usernames numbered after the first round.
 */
export function sampleMembers(count: number): MockUser[] {
  const start = Date.parse('2026-11-27T12:00:00Z');
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const base = USERNAMES[i % USERNAMES.length] ?? 'member';
    const username = i < USERNAMES.length ? base : `${base}${Math.floor(i / USERNAMES.length) + 1}`;
    const deleted = n % 7 === 0;
    const createdAt = new Date(start - i * 86_400_000).toISOString();
    return sampleUser({
      member: {
        id: memberId(n),
        username,
        email: deleted ? '' : `${username.replace(/[._]/g, '')}@example.jp`,
        emailVerified: n % 5 !== 0,
        createdAt,
        deletedAt: deleted ? new Date(Date.parse(createdAt) + 3 * 86_400_000).toISOString() : null,
      },
    });
  });
}

/** The mocked member routes' state (see `mockAdminUsers`). */
export type AdminUsers = {
  users: MockUser[];
  /** Services that do not answer: their parts are null and named in `unavailable`; billing's routes answer 503. */
  down: UserService[];
  /** The query string of every GET /api/admin/users, in order. */
  listQueries: string[];
  /** The query string of every GET …/ledger, in order. */
  ledgerQueries: string[];
  /** Every POST …/credits body, in order, with its member (a double click would show here twice). */
  adjustments: (CreditAdjustment & { userId: string })[];
  /** The member of every POST …/chart/retry, in order. */
  chartRetries: string[];
  /** When set, POST …/credits stores the adjustment and then loses the answer (a network error) this many times. */
  loseAnswers: number;
  /** When set, POST …/credits fails this many times with 500 before it stores anything. */
  failAdjustments: number;
  /** How long POST …/credits takes to answer, in ms (a slow network: a second click lands meanwhile). */
  adjustDelayMs: number;
};

/**
 * The gateway's member routes (issue 25) over members in memory, on top of `mockAdmin`'s state (its staff,
 * tokens and tickets), with the contract's rules: the bearer token on every route (401), the search by id,
 * e-mail or username with opaque cursors (400 SEARCH_TOO_LONG over 100 characters), 404 USER_NOT_FOUND, parts
 * of unavailable services null, the ledger paged by `before`, and the adjustment: admins only (403
 * ADMIN_FORBIDDEN), checked, never below zero (409 INSUFFICIENT_CREDITS), once per requestId (the same one
 * again answers the first adjustment with `replayed`; with another member or amount 400 IDEMPOTENCY_KEY_REUSED). A failed
 * chart can be retried (else 409 CHART_NOT_FAILED). Returns the state.
 */
export function mockAdminUsers(admin: Admin, initial: Partial<AdminUsers> = {}) {
  const state: AdminUsers = {
    users: [],
    down: [],
    listQueries: [],
    ledgerQueries: [],
    adjustments: [],
    chartRetries: [],
    loseAnswers: 0,
    failAdjustments: 0,
    adjustDelayMs: 0,
    ...initial,
  };
  let next = 9000;
  const stamp = () => {
    next += 1;
    return new Date(Date.parse('2026-11-28T03:00:00Z') + next * 1000).toISOString();
  };
  const byRequestId = new Map<string, { userId: string; delta: number; reason: string; answer: CreditAdjustmentAnswer }>();

  const unauthenticated = () =>
    apiError(
      401,
      'ADMIN_UNAUTHENTICATED',
      '管理画面にログインしてください（セッションの有効期限が切れたか、アカウントが無効になっています）',
    );
  const notFound = () => apiError(404, 'USER_NOT_FOUND', 'アカウントが見つかりません');
  const billingDown = () => apiError(503, 'BILLING_UNAVAILABLE', '現在クレジットの情報を取得できません。しばらくしてからお試しください');
  const invalidLimit = () => apiError(400, 'INVALID_LIMIT', 'limit は 1〜100 で指定してください');
  const invalidCursor = () => apiError(400, 'INVALID_CURSOR', 'ページの指定が正しくありません');
  const find = (id: string) => state.users.find((user) => user.member.id === id);
  const isDown = (service: UserService) => state.down.includes(service);
  const limitOf = (query: URLSearchParams, fallback: number) => {
    const limit = Number(query.get('limit') ?? String(fallback));
    return Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : null;
  };
  const listed = ({ member }: MockUser): AdminMember => ({
    id: member.id,
    username: member.username,
    email: member.email,
    emailVerified: member.emailVerified,
    createdAt: member.createdAt,
    deletedAt: member.deletedAt,
  });

  server.use(
    http.get<PathParams, DefaultBodyType, AdminUserPage | Error>(adminApiPaths.users(), ({ request }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      const url = new URL(request.url);
      state.listQueries.push(url.search);
      const query = url.searchParams;
      const q = (query.get('q') ?? '').trim().toLowerCase();
      if ([...q].length > 100) return apiError(400, 'SEARCH_TOO_LONG', '検索語は100文字以内で入力してください');
      const limit = limitOf(query, 50);
      if (limit === null) return invalidLimit();
      const cursor = query.get('cursor');
      const offset = cursor === null ? 0 : offsetOf(cursor);
      if (offset === null) return invalidCursor();

      const matching = state.users
        .filter(
          ({ member }) =>
            q === '' ||
            member.id.toLowerCase() === q ||
            member.email.toLowerCase().includes(q) ||
            (member.username ?? '').toLowerCase().includes(q),
        )
        .sort((a, b) => b.member.createdAt.localeCompare(a.member.createdAt) || b.member.id.localeCompare(a.member.id));
      const page = matching.slice(offset, offset + limit).map(listed);
      const nextCursor = offset + limit < matching.length ? cursorAt(offset + limit) : null;
      return HttpResponse.json({ users: page, nextCursor });
    }),
    http.get<{ id: string }, DefaultBodyType, AdminUser | Error>('/api/admin/users/:id', ({ request, params }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      const user = find(params.id);
      if (!user) return notFound();
      const tickets = admin.tickets
        .filter((ticket) => ticket.userId === user.member.id)
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
      return HttpResponse.json(
        structuredClone({
          member: user.member,
          chart: isDown('fortune') ? null : user.chart,
          credits: isDown('billing') ? null : { balance: user.balance },
          friendsCount: isDown('social') ? null : user.friendsCount,
          tickets: isDown('support') ? null : tickets,
          unavailable: [...state.down],
        }),
      );
    }),
    http.get<{ id: string }, DefaultBodyType, AdminLedgerPage | Error>('/api/admin/users/:id/ledger', ({ request, params }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      const url = new URL(request.url);
      state.ledgerQueries.push(url.search);
      const user = find(params.id);
      if (!user) return notFound();
      if (isDown('billing')) return billingDown();
      const limit = limitOf(url.searchParams, 20);
      if (limit === null) return invalidLimit();
      const before = url.searchParams.get('before');
      const offset = before === null ? 0 : offsetOf(before);
      if (offset === null) return invalidCursor();
      const entries = user.ledger.slice(offset, offset + limit);
      const nextBefore = offset + limit < user.ledger.length ? cursorAt(offset + limit) : null;
      return HttpResponse.json(structuredClone({ balance: user.balance, entries, nextBefore }));
    }),
    http.get<{ id: string }, DefaultBodyType, AdminPurchaseList | Error>('/api/admin/users/:id/purchases', ({ request, params }) => {
      if (!adminCaller(admin, request)) return unauthenticated();
      const user = find(params.id);
      if (!user) return notFound();
      if (isDown('billing')) return billingDown();
      return HttpResponse.json(structuredClone({ purchases: user.purchases }));
    }),
    http.post<{ id: string }, CreditAdjustment, CreditAdjustmentAnswer | Error>(
      '/api/admin/users/:id/credits',
      async ({ request, params }) => {
        const me = adminCaller(admin, request);
        if (!me) return unauthenticated();
        const body = await request.json();
        state.adjustments.push({ ...body, userId: params.id });
        if (state.adjustDelayMs > 0) await delay(state.adjustDelayMs);
        if (me.role !== 'admin') return apiError(403, 'ADMIN_FORBIDDEN', 'この操作を行う権限がありません');
        const user = find(params.id);
        if (!user) return notFound();
        if (!isUuid(body.requestId)) return apiError(400, 'INVALID_REQUEST_ID', 'リクエストIDが正しくありません');
        if (!Number.isInteger(body.delta) || body.delta === 0 || Math.abs(body.delta) > 100_000) {
          return apiError(400, 'INVALID_CREDIT_DELTA', '調整するクレジットは1〜100000で指定してください');
        }
        const reason = body.reason.trim();
        if (reason === '') return apiError(400, 'ADJUSTMENT_REASON_REQUIRED', '調整の理由を入力してください');
        if ([...reason].length > 200) {
          return apiError(400, 'ADJUSTMENT_REASON_TOO_LONG', '調整の理由は200文字以内で入力してください');
        }
        if (state.failAdjustments > 0) {
          state.failAdjustments -= 1;
          return apiError(500, 'INTERNAL', 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください');
        }
        const first = byRequestId.get(body.requestId);
        if (first) {
          // billing's rule: the same request id for another member or amount is refused.
          if (first.userId !== user.member.id || first.delta !== body.delta) {
            return apiError(400, 'IDEMPOTENCY_KEY_REUSED', 'この識別キーはすでに別の操作で使われています');
          }
          return HttpResponse.json({ ...structuredClone(first.answer), replayed: true }, { status: 201 });
        }
        if (isDown('billing')) return billingDown();
        if (user.balance + body.delta < 0) return apiError(409, 'INSUFFICIENT_CREDITS', 'クレジットが足りません');

        user.balance += body.delta;
        next += 1;
        const entry = sampleLedgerEntry({
          id: ledgerEntryId(next),
          delta: body.delta,
          balanceAfter: user.balance,
          reason: 'admin_adjustment',
          createdAt: stamp(),
          note: reason,
          actorId: me.id,
        });
        user.ledger.unshift(entry);
        const answer: CreditAdjustmentAnswer = { balance: user.balance, entry, replayed: false };
        byRequestId.set(body.requestId, { userId: user.member.id, delta: body.delta, reason, answer: structuredClone(answer) });
        if (state.loseAnswers > 0) {
          state.loseAnswers -= 1;
          return HttpResponse.error();
        }
        return HttpResponse.json(structuredClone(answer), { status: 201 });
      },
    ),
    http.post<{ id: string }, DefaultBodyType, ChartRetryAnswer | Error>(
      '/api/admin/users/:id/chart/retry',
      ({ request, params }) => {
        if (!adminCaller(admin, request)) return unauthenticated();
        state.chartRetries.push(params.id);
        const user = find(params.id);
        if (!user) return notFound();
        if (user.chart?.status !== 'failed') {
          return apiError(409, 'CHART_NOT_FAILED', '命式の作成は失敗していないため、再作成できません');
        }
        user.chart = { ...user.chart, status: 'pending', updatedAt: stamp(), lastError: null };
        return HttpResponse.json({ status: user.chart.status, updatedAt: user.chart.updatedAt }, { status: 202 });
      },
    ),
  );
  return state;
}
