import { http, HttpResponse, type DefaultBodyType, type PathParams } from 'msw';

import { adminApiPaths } from '@/config/admin-paths';
import type {
  AdminAttachment,
  AdminLoginAnswer,
  AdminLoginRequest,
  AdminMeAnswer,
  AdminMember,
  AdminTicket,
  AdminTicketMessage,
  AdminTicketPage,
  AdminTicketThread,
  AssignTicket,
  NewAdminMessage,
  StaffList,
  StaffMember,
  UpdateTicket,
} from '@/features/admin/api/types';
import { startAdminSession, type AdminSession } from '@/features/admin/stores/admin-session';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import type { ApiSchema } from '@/types/api';

type Error = ApiSchema<'ErrorBody'>;

/** The admin token's lifetime (the gateway's: 15 minutes). */
export const ADMIN_TOKEN_MS = 15 * 60_000;

export const staffId = (n: number) => `0193d2b0-5a1e-7000-a000-${String(n).padStart(12, '0')}`;
export const adminTicketId = (n: number) => `0193d2b0-5a1e-7000-b000-${String(n).padStart(12, '0')}`;
export const adminMessageId = (n: number) => `0193d2b0-5a1e-7000-c000-${String(n).padStart(12, '0')}`;
export const adminAttachmentId = (n: number) => `0193d2b0-5a1e-7000-d000-${String(n).padStart(12, '0')}`;
export const memberId = (n: number) => `0193d2b0-5a1e-7000-e000-${String(n).padStart(12, '0')}`;

/** A staff account with the password the mocked sign-in takes. */
export type MockStaff = StaffMember & { password: string };

/** 佐藤 (管理者), 田中 (サポート), 鈴木 (サポート, deactivated). */
export const SATO: MockStaff = {
  id: staffId(1),
  email: 'sato@meguri.example',
  role: 'admin',
  isActive: true,
  lastLogin: '2026-11-27T23:40:00Z',
  createdAt: '2026-04-01T00:00:00Z',
  password: 'hoshizora-2026',
};
export const TANAKA: MockStaff = {
  id: staffId(2),
  email: 'tanaka@meguri.example',
  role: 'support',
  isActive: true,
  lastLogin: '2026-11-28T01:15:00Z',
  createdAt: '2026-06-15T00:00:00Z',
  password: 'tsukiyo-2026',
};
export const SUZUKI: MockStaff = {
  id: staffId(3),
  email: 'suzuki@meguri.example',
  role: 'support',
  isActive: false,
  lastLogin: '2026-09-30T08:00:00Z',
  createdAt: '2026-04-01T00:00:00Z',
  password: 'asagiri-2026',
};

const stamp = '2026-11-27T03:00:00Z';

/** A member as staff see them; override any field. */
export function sampleMember(fields: Partial<AdminMember> & Pick<AdminMember, 'id'>): AdminMember {
  return {
    username: 'hoshino_mio',
    email: 'mio.hoshino@example.jp',
    emailVerified: true,
    createdAt: '2026-02-14T10:30:00Z',
    deletedAt: null,
    ...fields,
  };
}

/** A ticket as the inbox lists it; override any field (`member` follows `userId` unless given). */
export function sampleAdminTicket(fields: Partial<AdminTicket> & Pick<AdminTicket, 'id'>): AdminTicket {
  const userId = fields.userId === undefined ? memberId(1) : fields.userId;
  return {
    subject: 'クレジットが反映されない',
    message: '昨日購入した100クレジットが残高に反映されていません。',
    status: 'open',
    priority: 'normal',
    lastMessageAt: stamp,
    lastMessagePreview: '昨日購入した100クレジットが残高に反映されていません。',
    messageCount: 1,
    unreadCount: 1,
    createdAt: stamp,
    updatedAt: stamp,
    closedAt: null,
    userId,
    assignedTo: null,
    member:
      userId === null
        ? null
        : {
            id: userId,
            username: 'hoshino_mio',
            email: 'mio.hoshino@example.jp',
            emailVerified: true,
            createdAt: '2026-04-01T09:00:00Z',
            deletedAt: null,
          },
    ...fields,
  };
}

/** A message of a ticket: the member's unless `authorType` says staff (then 佐藤's, signed サポート担当). */
export function sampleAdminMessage(
  fields: Partial<AdminTicketMessage> & Pick<AdminTicketMessage, 'id' | 'ticketId' | 'body'>,
): AdminTicketMessage {
  const staff = fields.authorType === 'staff';
  return {
    authorType: 'member',
    authorId: staff ? SATO.id : memberId(1),
    authorName: staff ? 'サポート担当' : null,
    attachments: [],
    via: 'web',
    internal: false,
    isRead: true,
    createdAt: stamp,
    ...fields,
  };
}

/** A screenshot (PNG, 1170×2532, a phone's) of a message; override any field. */
export function sampleAdminAttachment(fields: Partial<AdminAttachment> & Pick<AdminAttachment, 'id'>): AdminAttachment {
  return { contentType: 'image/png', width: 1170, height: 2532, sizeBytes: 184_320, ...fields };
}

const SUBJECTS = [
  'クレジットが反映されない',
  'ログインできません',
  '今日の運勢が表示されない',
  '出生時刻を修正したい',
  '日記が保存できません',
  '確認メールが届かない',
  'チャットの返信が途中で止まった',
  '領収書を発行してほしい',
  '友だち申請が送れない',
  '退会の方法を教えてください',
  '年運レポートの内容について',
  '相性診断の結果が前と違う',
] as const;

const USERNAMES = ['hoshino_mio', 'tsukikage', 'sora_2024', 'kaede.k', 'minato88', 'yuzu_hana'] as const;

/**
 * `count` tickets with realistic variety, newest activity first (ticket 1 is the newest): statuses, priorities,
 * assignees (佐藤, 田中, nobody), a few unread, and every seventh from a member who has since left.
 */
export function sampleInbox(count: number): { tickets: AdminTicket[]; members: AdminMember[] } {
  const members = USERNAMES.map((username, i) =>
    sampleMember({ id: memberId(i + 1), username, email: `${username.replace(/[._]/g, '')}@example.jp` }),
  );
  const start = Date.parse('2026-11-27T12:00:00Z');
  const tickets = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const member = members[i % members.length];
    const deleted = n % 7 === 0;
    const at = new Date(start - i * 47 * 60_000).toISOString();
    const status = (['open', 'in_progress', 'closed'] as const)[i % 3] ?? 'open';
    return sampleAdminTicket({
      id: adminTicketId(n),
      subject: `${SUBJECTS[i % SUBJECTS.length] ?? ''}${i >= SUBJECTS.length ? `（${Math.floor(i / SUBJECTS.length) + 1}件目）` : ''}`,
      status,
      priority: (['normal', 'high', 'low', 'urgent', 'normal'] as const)[i % 5] ?? 'normal',
      assignedTo: i % 4 === 0 ? null : i % 4 === 1 ? SATO.id : TANAKA.id,
      unreadCount: status === 'closed' ? 0 : i % 2,
      messageCount: 1 + (i % 4),
      lastMessageAt: at,
      updatedAt: at,
      createdAt: new Date(Date.parse(at) - 86_400_000).toISOString(),
      closedAt: status === 'closed' ? at : null,
      userId: deleted || !member ? null : member.id,
      member:
        deleted || !member
          ? null
          : {
              id: member.id,
              username: member.username,
              email: member.email,
              emailVerified: true,
              createdAt: '2026-04-01T09:00:00Z',
              deletedAt: null,
            },
    });
  });
  return { tickets, members };
}

/** A 1×1 PNG, the bytes every stored screenshot answers with. */
const PNG_1X1 = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);

/**
 * The active staff member the request's bearer token belongs to in `admin`'s state, or null (the mocked
 * gateway's check on every admin route but the sign-in: answer 401 ADMIN_UNAUTHENTICATED for null). Records
 * the `Authorization` header in `admin.authorizations`.
 */
export function adminCaller(admin: Admin, request: Request): MockStaff | null {
  const header = request.headers.get('Authorization');
  admin.authorizations.push(header);
  const token = /^Bearer (.+)$/.exec(header ?? '')?.[1];
  const live = token === undefined ? undefined : admin.tokens.get(token);
  if (!live || live.expiresAt <= Date.now()) return null;
  const staff = admin.staff.find((member) => member.id === live.staffId);
  return staff?.isActive ? staff : null;
}

/** The opaque cursor of the page that starts at `offset` (base64 of a JSON object, as a gateway might make). */
export function cursorAt(offset: number): string {
  return btoa(JSON.stringify({ o: offset })).replace(/=+$/, '');
}

/** The offset a `cursorAt` cursor stands for; null for anything else. */
export function offsetOf(cursor: string): number | null {
  try {
    const value: unknown = JSON.parse(atob(cursor));
    const offset = (value as { o?: unknown }).o;
    return typeof offset === 'number' && Number.isInteger(offset) && offset >= 0 ? offset : null;
  } catch {
    return null;
  }
}

/** The mocked admin gateway's state (see `mockAdmin`). */
export type Admin = {
  staff: MockStaff[];
  tickets: AdminTicket[];
  /** Every ticket's messages (any order; the thread sorts them oldest first). */
  messages: AdminTicketMessage[];
  members: AdminMember[];
  /** Live tokens → the staff member they belong to and when they run out (ms since the epoch). */
  tokens: Map<string, { staffId: string; expiresAt: number }>;
  /** The `Authorization` header of every admin request, in order (null: none). */
  authorizations: (string | null)[];
  /** The query string of every GET /api/admin/tickets, in order (`?status=open&limit=25`). */
  listQueries: string[];
  /** Every POST …/messages body, in order, with its ticket (a double click would show here twice). */
  posted: (NewAdminMessage & { ticketId: string })[];
  /** Every POST …/assign body, in order, with its ticket. */
  assigned: (AssignTicket & { ticketId: string })[];
  /** Every PATCH body, in order, with its ticket. */
  updated: (UpdateTicket & { ticketId: string })[];
  /** Tokens revoked by POST /api/admin/logout. */
  loggedOut: string[];
  /** Routes that answer 403 ADMIN_FORBIDDEN (the caller's role may not). */
  forbidden: ('assign' | 'update' | 'message')[];
  /** When set, the sign-in answers 429 LOGIN_RATE_LIMITED (Retry-After: 300). */
  rateLimited: boolean;
  /** When set, the sign-in answers 503 ADMIN_DISABLED (no ADMIN_JWT_SECRET). */
  disabled: boolean;
  /** When set, POST …/messages fails this many times with 500 before it stores anything. */
  failPosts: number;
};

/**
 * The gateway's admin routes (issue 25) over staff, tickets and members in memory, with the contract's rules:
 * the sign-in's refusals, the bearer token on every other route (401 ADMIN_UNAUTHENTICATED for none, an unknown
 * or revoked one, or a deactivated account's), the inbox's filters, opaque cursors and counts, the thread (which
 * marks the member's messages read), assign / status / priority, one message per requestId, the screenshots'
 * bytes, and 403 ADMIN_FORBIDDEN for the routes listed in `forbidden`. Returns the state.
 */
export function mockAdmin(initial: Partial<Admin> = {}) {
  const admin: Admin = {
    staff: [SATO, TANAKA, SUZUKI],
    tickets: [],
    messages: [],
    members: [],
    tokens: new Map(),
    authorizations: [],
    listQueries: [],
    posted: [],
    assigned: [],
    updated: [],
    loggedOut: [],
    forbidden: [],
    rateLimited: false,
    disabled: false,
    failPosts: 0,
    ...initial,
  };
  let next = 5000;
  const byRequestId = new Map<string, AdminTicketMessage>();

  const unauthenticated = () =>
    apiError(
      401,
      'ADMIN_UNAUTHENTICATED',
      '管理画面にログインしてください（セッションの有効期限が切れたか、アカウントが無効になっています）',
    );
  const forbidden = () => apiError(403, 'ADMIN_FORBIDDEN', 'この操作を行う権限がありません');
  const notFound = () => apiError(404, 'TICKET_NOT_FOUND', 'お問い合わせが見つかりません');
  const invalid = (message: string) => apiError(400, 'INVALID_REQUEST', message);

  const caller = (request: Request) => adminCaller(admin, request);
  const publicStaff = ({ password: _password, ...member }: MockStaff): StaffMember => member;
  const tokenOf = (request: Request) => /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? '';
  const findTicket = (id: string) => admin.tickets.find((ticket) => ticket.id === id);
  const touch = (ticket: AdminTicket) => {
    next += 1;
    ticket.updatedAt = new Date(Date.parse(stamp) + next * 1000).toISOString();
  };

  server.use(
    http.post<PathParams, AdminLoginRequest, AdminLoginAnswer | Error>(adminApiPaths.login, async ({ request }) => {
      admin.authorizations.push(request.headers.get('Authorization'));
      if (admin.disabled) return apiError(503, 'ADMIN_DISABLED', '管理画面へのログインは現在利用できません');
      if (admin.rateLimited) {
        return apiError(429, 'LOGIN_RATE_LIMITED', 'ログインの試行回数が多すぎます。しばらくしてから再度お試しください', {
          headers: { 'Retry-After': '300' },
        });
      }
      const { email = '', password = '' } = await request.json();
      const staff = admin.staff.find((member) => member.email === email.trim().toLowerCase());
      if (!staff || staff.password !== password) {
        return apiError(401, 'INVALID_CREDENTIALS', 'メールアドレスまたはパスワードが正しくありません');
      }
      if (!staff.isActive) return apiError(403, 'ADMIN_INACTIVE', 'この管理者アカウントは無効になっています');
      next += 1;
      const token = `admin-token-${next}`;
      const expiresAt = Date.now() + ADMIN_TOKEN_MS;
      admin.tokens.set(token, { staffId: staff.id, expiresAt });
      return HttpResponse.json({
        token,
        expiresAt: new Date(expiresAt).toISOString(),
        admin: { id: staff.id, email: staff.email, role: staff.role },
      });
    }),
    http.get<PathParams, DefaultBodyType, AdminMeAnswer | Error>(adminApiPaths.me, ({ request }) => {
      const me = caller(request);
      const live = admin.tokens.get(tokenOf(request));
      if (!me || !live) return unauthenticated();
      return HttpResponse.json({
        admin: { id: me.id, email: me.email, role: me.role },
        expiresAt: new Date(live.expiresAt).toISOString(),
      });
    }),
    http.post(adminApiPaths.logout, ({ request }) => {
      if (!caller(request)) return unauthenticated();
      const token = tokenOf(request);
      admin.tokens.delete(token);
      admin.loggedOut.push(token);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get<PathParams, DefaultBodyType, StaffList | Error>(adminApiPaths.staff, ({ request }) => {
      if (!caller(request)) return unauthenticated();
      return HttpResponse.json({ staff: admin.staff.map(publicStaff) });
    }),
    http.get<PathParams, DefaultBodyType, AdminTicketPage | Error>(adminApiPaths.tickets(), ({ request }) => {
      const me = caller(request);
      if (!me) return unauthenticated();
      const url = new URL(request.url);
      admin.listQueries.push(url.search);
      const query = url.searchParams;
      const status = query.get('status');
      const priority = query.get('priority');
      const assignee = query.get('assignee');
      const q = query.get('q')?.trim().toLowerCase() ?? '';
      const limit = Number(query.get('limit') ?? '20');
      if (!Number.isInteger(limit) || limit < 1 || limit > 100) return invalid('limit は 1〜100 で指定してください');
      const cursor = query.get('cursor');
      const offset = cursor === null ? 0 : offsetOf(cursor);
      if (offset === null) return apiError(400, 'INVALID_CURSOR', 'ページの指定が正しくありません');

      const wanted = assignee === 'me' ? me.id : assignee;
      // The counts answer the other filters; the status tab picks among them.
      const matching = admin.tickets
        .filter((ticket) => priority === null || ticket.priority === priority)
        .filter((ticket) => wanted === null || (wanted === 'none' ? ticket.assignedTo === null : ticket.assignedTo === wanted))
        .filter((ticket) => q === '' || ticket.subject.toLowerCase().includes(q));
      const counts = {
        open: matching.filter((ticket) => ticket.status === 'open').length,
        inProgress: matching.filter((ticket) => ticket.status === 'in_progress').length,
        closed: matching.filter((ticket) => ticket.status === 'closed').length,
      };
      const listed = matching
        .filter((ticket) => status === null || ticket.status === status)
        .sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || a.id.localeCompare(b.id));
      const page = listed.slice(offset, offset + limit);
      const nextCursor = offset + limit < listed.length ? cursorAt(offset + limit) : null;
      return HttpResponse.json({ tickets: structuredClone(page), nextCursor, counts });
    }),
    http.get<{ id: string }, DefaultBodyType, AdminTicketThread | Error>('/api/admin/tickets/:id', ({ request, params }) => {
      if (!caller(request)) return unauthenticated();
      const ticket = findTicket(params.id);
      if (!ticket) return notFound();
      const messages = admin.messages
        .filter((message) => message.ticketId === ticket.id)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const member = admin.members.find((m) => m.id === ticket.userId) ?? null;
      const answer = structuredClone({ ticket, messages, member });
      // The answer shows them as they were; from now on the member's messages count as read.
      for (const message of messages) if (message.authorType === 'member') message.isRead = true;
      ticket.unreadCount = 0;
      return HttpResponse.json(answer);
    }),
    http.post<{ id: string }, AssignTicket, AdminTicket | Error>('/api/admin/tickets/:id/assign', async ({ request, params }) => {
      if (!caller(request)) return unauthenticated();
      const body = await request.json();
      admin.assigned.push({ ...body, ticketId: params.id });
      if (admin.forbidden.includes('assign')) return forbidden();
      const ticket = findTicket(params.id);
      if (!ticket) return notFound();
      if (body.adminId !== null && !admin.staff.some((member) => member.id === body.adminId && member.isActive)) {
        return apiError(400, 'ADMIN_NOT_FOUND', '担当者が見つかりません');
      }
      ticket.assignedTo = body.adminId;
      touch(ticket);
      return HttpResponse.json(structuredClone(ticket));
    }),
    http.patch<{ id: string }, UpdateTicket, AdminTicket | Error>('/api/admin/tickets/:id', async ({ request, params }) => {
      if (!caller(request)) return unauthenticated();
      const body = await request.json();
      admin.updated.push({ ...body, ticketId: params.id });
      if (admin.forbidden.includes('update')) return forbidden();
      const ticket = findTicket(params.id);
      if (!ticket) return notFound();
      if (body.priority !== undefined) ticket.priority = body.priority;
      if (body.status !== undefined && body.status !== ticket.status) {
        ticket.status = body.status;
        touch(ticket);
        ticket.closedAt = body.status === 'closed' ? ticket.updatedAt : null;
      } else {
        touch(ticket);
      }
      return HttpResponse.json(structuredClone(ticket));
    }),
    http.post<{ id: string }, NewAdminMessage, AdminTicketMessage | Error>(
      '/api/admin/tickets/:id/messages',
      async ({ request, params }) => {
        const me = caller(request);
        if (!me) return unauthenticated();
        const body = await request.json();
        admin.posted.push({ ...body, ticketId: params.id });
        if (admin.forbidden.includes('message')) return forbidden();
        if (admin.failPosts > 0) {
          admin.failPosts -= 1;
          return apiError(500, 'INTERNAL', 'サーバーでエラーが発生しました。しばらくしてからもう一度お試しください');
        }
        const first = byRequestId.get(body.requestId);
        if (first) return HttpResponse.json(first, { status: 201 });
        const ticket = findTicket(params.id);
        if (!ticket) return notFound();
        const text = body.body.trim();
        if (text === '' || [...text].length > 5000) return invalid('本文は1〜5000文字で入力してください');
        if (body.authorName != null && (body.authorName.trim() === '' || [...body.authorName].length > 50)) {
          return invalid('差出人名は1〜50文字で入力してください');
        }
        next += 1;
        const at = new Date(Date.parse(stamp) + next * 1000).toISOString();
        const message = sampleAdminMessage({
          id: adminMessageId(next),
          ticketId: ticket.id,
          authorType: 'staff',
          authorId: me.id,
          authorName: body.authorName ?? 'サポート担当',
          body: text,
          internal: body.internal,
          isRead: false,
          createdAt: at,
        });
        admin.messages.push(message);
        byRequestId.set(body.requestId, message);
        Object.assign(ticket, { messageCount: ticket.messageCount + 1, updatedAt: at });
        if (!body.internal) Object.assign(ticket, { lastMessageAt: at, lastMessagePreview: text.slice(0, 100) });
        return HttpResponse.json(message, { status: 201 });
      },
    ),
    http.get<{ id: string }>('/api/admin/attachments/:id', ({ request, params }) => {
      if (!caller(request)) return unauthenticated();
      const known = admin.messages.some((message) => message.attachments.some((a) => a.id === params.id));
      if (!known) return apiError(404, 'ATTACHMENT_NOT_FOUND', '画像が見つかりません');
      return new HttpResponse(PNG_1X1, { headers: { 'Content-Type': 'image/png' } });
    }),
  );
  return admin;
}

/**
 * Signs `staff` in as the login would (a live token in the mock, the session in the store) without going
 * through the form; the token runs out `expiresInMs` from now.
 */
export function signInStaff(admin: Admin, staff: MockStaff, expiresInMs = ADMIN_TOKEN_MS): AdminSession {
  const token = `admin-token-${staff.id}-${admin.tokens.size + 1}`;
  const expiresAt = Date.now() + expiresInMs;
  admin.tokens.set(token, { staffId: staff.id, expiresAt });
  return startAdminSession(
    {
      token,
      expiresAt: new Date(expiresAt).toISOString(),
      admin: { id: staff.id, email: staff.email, role: staff.role },
    },
    null,
    Date.now(),
  );
}
