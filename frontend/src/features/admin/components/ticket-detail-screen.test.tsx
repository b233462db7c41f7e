import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { TicketDetailScreen } from '@/features/admin/components/ticket-detail-screen';
import { getAdminSession } from '@/features/admin/stores/admin-session';
import {
  adminAttachmentId,
  adminMessageId,
  adminTicketId,
  memberId,
  mockAdmin,
  sampleAdminAttachment,
  sampleAdminMessage,
  sampleAdminTicket,
  sampleMember,
  SATO,
  signInStaff,
  TANAKA,
} from '@/testing/mocks/admin';
import { renderAdmin } from '@/testing/test-utils';

const id = adminTicketId(1);
const member = sampleMember({ id: memberId(1), username: 'hoshino_mio', email: 'mio.hoshino@example.jp' });

/**
 * A ticket in progress, assigned to 田中: the member's question with a screenshot, a staff reply, an internal
 * note, and the member's answer from the reply mail (unread).
 */
function mockThread(fields: Parameters<typeof sampleAdminTicket>[0] = { id }, members = [member]) {
  return mockAdmin({
    tickets: [
      sampleAdminTicket({
        subject: 'クレジットが反映されない',
        status: 'in_progress',
        priority: 'high',
        assignedTo: TANAKA.id,
        messageCount: 4,
        ...fields,
      }),
    ],
    members,
    messages: [
      sampleAdminMessage({
        id: adminMessageId(1),
        ticketId: id,
        body: '昨日購入した100クレジットが残高に反映されていません。',
        attachments: [sampleAdminAttachment({ id: adminAttachmentId(1) })],
        createdAt: '2026-11-26T12:00:00Z',
      }),
      sampleAdminMessage({
        id: adminMessageId(2),
        ticketId: id,
        authorType: 'staff',
        authorId: TANAKA.id,
        authorName: 'サポート担当 田中',
        body: 'ご不便をおかけしております。購入日時を教えていただけますか。',
        createdAt: '2026-11-26T15:00:00Z',
      }),
      sampleAdminMessage({
        id: adminMessageId(3),
        ticketId: id,
        authorType: 'staff',
        authorId: TANAKA.id,
        authorName: 'サポート担当',
        internal: true,
        body: 'Stripe のダッシュボードでは決済済み。webhook の遅延かも。',
        createdAt: '2026-11-26T15:05:00Z',
      }),
      sampleAdminMessage({
        id: adminMessageId(4),
        ticketId: id,
        body: '11月25日の夜9時ごろです。',
        via: 'email',
        isRead: false,
        createdAt: '2026-11-27T01:00:00Z',
      }),
    ],
  });
}

function renderTicket(ticketId = id) {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <TicketDetailScreen ticketId={ticketId} />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route: `/admin/tickets/${ticketId}` },
  );
}

const thread = () => screen.findByRole('list', { name: 'やりとり' });
const composer = () => screen.getByRole('form', { name: /会員に返信する|社内メモを書く/ });
const replyButton = () => screen.getByRole('button', { name: '返信して会員にメールする' });

beforeEach(() => {
  let n = 0;
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
    n += 1;
    return `blob:http://localhost/attachment-${n}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a ticket as staff see it', () => {
  it('shows the thread oldest first: the member, the staff reply, the internal note set apart, the mailed answer', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    renderTicket();

    expect(await screen.findByRole('heading', { level: 1, name: 'クレジットが反映されない' })).toBeInTheDocument();
    const items = within(await thread()).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'hoshino_mioのメッセージ',
      'サポート担当 田中の返信',
      'サポート担当の社内メモ',
      'hoshino_mioのメッセージ',
    ]);
    const [question, reply, note, answer] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(reply).getByText('tanaka@meguri.example')).toBeInTheDocument();
    // The note is marked as such, never called a reply, and looks different from both kinds of message.
    expect(within(note).getByText('社内メモ')).toBeInTheDocument();
    expect(note).not.toHaveTextContent(/返信/);
    const bubbleOf = (item: HTMLElement) => within(item).getByText(/。/).parentElement as HTMLElement;
    const noteStyle = getComputedStyle(bubbleOf(note));
    expect(noteStyle.borderLeftWidth).toBe('4px');
    expect(noteStyle.backgroundColor).not.toBe(getComputedStyle(bubbleOf(reply)).backgroundColor);
    expect(noteStyle.backgroundColor).not.toBe(getComputedStyle(bubbleOf(question)).backgroundColor);
    // The member's answer came from the reply mail and had not been opened by staff.
    expect(within(answer).getByText('メールから返信')).toBeInTheDocument();
    expect(within(answer).getByText('未読')).toBeInTheDocument();
    expect(within(question).queryByText('メールから返信')).not.toBeInTheDocument();
    // Opening the thread counts the member's messages as read.
    expect(admin.tickets[0]?.unreadCount).toBe(0);
  });

  it("shows the screenshots from object URLs of bytes fetched with the staff token, revoked when it closes", async () => {
    const admin = mockThread();
    const session = signInStaff(admin, SATO);
    const { unmount } = renderTicket();

    const [question] = within(await thread()).getAllByRole('listitem') as [HTMLElement];
    const image = await within(question).findByRole('img', { name: '添付画像 1' });
    expect(image).toHaveAttribute('src', 'blob:http://localhost/attachment-1');
    // 1170×2532 boxed to 160 px on the longer side.
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['74', '160']);
    const open = within(question).getByRole('link', { name: '添付画像 1を新しいタブで開く' });
    expect(open).toHaveAttribute('href', 'blob:http://localhost/attachment-1');
    expect(open).toHaveAttribute('target', '_blank');
    expect(admin.authorizations).toContain(`Bearer ${session.token}`);
    const [[bytes]] = vi.mocked(URL.createObjectURL).mock.calls as [[Blob]];
    expect([bytes.type, bytes.size]).toEqual(['image/png', 70]);

    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/attachment-1');
  });

  it("shows the member's context beside the thread", async () => {
    const admin = mockThread({ id }, [{ ...member, emailVerified: false }]);
    signInStaff(admin, SATO);
    renderTicket();

    const card = await screen.findByRole('region', { name: '会員' });
    expect(within(card).getByText('hoshino_mio')).toBeInTheDocument();
    expect(within(card).getByText('mio.hoshino@example.jp')).toBeInTheDocument();
    expect(within(card).getByText('未確認')).toBeInTheDocument();
    expect(within(card).getByText('2026年2月14日')).toBeInTheDocument();
    expect(within(card).queryByText('退会済み')).not.toBeInTheDocument();
    expect(within(card).getByRole('link', { name: '会員ページを開く' })).toHaveAttribute('href', `/admin/users/${memberId(1)}`);
  });

  it('says the member has left when the account was deleted, and takes only notes then', async () => {
    const admin = mockThread({ id, userId: null, member: null }, []);
    signInStaff(admin, SATO);
    renderTicket();

    const card = await screen.findByRole('region', { name: '会員' });
    expect(card).toHaveTextContent('退会済みの会員');
    expect(within(await thread()).getAllByRole('listitem')[0]).toHaveAttribute('aria-label', '退会済みの会員のメッセージ');
    expect(screen.getByRole('button', { name: /返信/, pressed: false })).toBeDisabled();
    expect(screen.getByRole('button', { name: '社内メモを保存' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返信して会員にメールする' })).not.toBeInTheDocument();
  });

  it('says so for an unknown ticket', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    renderTicket(adminTicketId(99));

    expect(await screen.findByRole('alert')).toHaveTextContent('お問い合わせが見つかりません');
    expect(screen.getByRole('link', { name: 'お問い合わせ一覧へ' })).toHaveAttribute('href', '/admin/tickets');
  });
});

describe('writing to a ticket', () => {
  it('sends a reply (mailed to the member) with its signature, and the thread shows it', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    await thread();

    expect(screen.getByText('会員のスレッドに表示され、会員にメールで届きます。')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), '  確認いたしました。本日中に付与します。 ');
    await user.type(screen.getByRole('textbox', { name: /差出人名/ }), 'サポート担当 佐藤');
    await user.click(replyButton());

    expect(await screen.findByText('返信を送信しました。会員にメールで届きます')).toBeInTheDocument();
    expect(admin.posted).toEqual([
      {
        ticketId: id,
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        body: '確認いたしました。本日中に付与します。',
        internal: false,
        authorName: 'サポート担当 佐藤',
      },
    ]);
    expect(screen.getByRole('textbox', { name: /^返信内容/ })).toHaveValue('');
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')).toHaveLength(5));
    expect(within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')[4]).toHaveAttribute(
      'aria-label',
      'サポート担当 佐藤の返信',
    );
  });

  it('stores an internal note, without a signature and never as a reply', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    await thread();

    await user.click(screen.getByRole('button', { name: '社内メモ' }));
    expect(screen.getByText('スタッフだけが読めるメモです。会員には表示もメールもされません。')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /差出人名/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '返信して会員にメールする' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^メモ/ }), '経理に確認中（11/28）');
    await user.click(screen.getByRole('button', { name: '社内メモを保存' }));

    expect(await screen.findByText('社内メモを保存しました')).toBeInTheDocument();
    expect(admin.posted).toEqual([
      { ticketId: id, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), body: '経理に確認中（11/28）', internal: true },
    ]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')).toHaveLength(5));
    const added = within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')[4] as HTMLElement;
    expect(added).toHaveAttribute('aria-label', 'サポート担当の社内メモ');
    expect(added).not.toHaveTextContent(/返信/);
  });

  it('sends one POST with one requestId for a double click', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    await thread();

    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), 'ありがとうございます。');
    await user.dblClick(replyButton());

    expect(await screen.findByText('返信を送信しました。会員にメールで届きます')).toBeInTheDocument();
    expect(admin.posted).toHaveLength(1);
  });

  it('keeps the text and the requestId when sending fails, so the retry stores the message once', async () => {
    const admin = mockThread();
    admin.failPosts = 1;
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    await thread();

    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), '担当者より改めてご連絡します。');
    await user.click(replyButton());
    expect(await screen.findByText('サーバーでエラーが発生しました。しばらくしてからもう一度お試しください')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^返信内容/ })).toHaveValue('担当者より改めてご連絡します。');

    await user.click(replyButton());
    expect(await screen.findByText('返信を送信しました。会員にメールで届きます')).toBeInTheDocument();
    expect(admin.posted).toHaveLength(2);
    expect(admin.posted[1]?.requestId).toBe(admin.posted[0]?.requestId);
    expect(admin.messages.filter((message) => message.body === '担当者より改めてご連絡します。')).toHaveLength(1);
  });

  it('checks the text before sending', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    await thread();

    await user.click(replyButton());
    expect(within(composer()).getByText('本文を入力してください')).toBeInTheDocument();
    expect(admin.posted).toEqual([]);
  });
});

describe("a ticket's controls", () => {
  it('assigns the ticket to oneself, to someone else, and to nobody', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    const controls = await screen.findByRole('region', { name: '対応' });
    expect(controls).toHaveTextContent('担当: tanaka@meguri.example');

    await user.click(within(controls).getByRole('button', { name: '自分に割り当てる' }));
    await waitFor(() => expect(controls).toHaveTextContent('担当: sato@meguri.example（自分）'));
    expect(within(controls).queryByRole('button', { name: '自分に割り当てる' })).not.toBeInTheDocument();

    await user.click(within(controls).getByRole('button', { name: '割り当てを外す' }));
    await waitFor(() => expect(controls).toHaveTextContent('担当: 未割り当て'));

    const picker = within(controls).getByRole('combobox', { name: '担当者' });
    // Deactivated staff cannot be given tickets.
    expect(within(picker).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '未割り当て',
      'sato@meguri.example（自分）',
      'tanaka@meguri.example',
    ]);
    await user.selectOptions(picker, 'tanaka@meguri.example');
    await waitFor(() => expect(controls).toHaveTextContent('担当: tanaka@meguri.example'));

    expect(admin.assigned).toEqual([
      { ticketId: id, adminId: SATO.id },
      { ticketId: id, adminId: null },
      { ticketId: id, adminId: TANAKA.id },
    ]);
  });

  it('changes the status and the priority', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user } = renderTicket();
    const controls = await screen.findByRole('region', { name: '対応' });

    await user.selectOptions(within(controls).getByRole('combobox', { name: 'ステータス' }), '完了');
    await waitFor(() => expect(admin.tickets[0]?.closedAt).not.toBeNull());
    await user.selectOptions(within(controls).getByRole('combobox', { name: '優先度' }), '緊急');
    await waitFor(() => expect(admin.updated).toHaveLength(2));

    expect(admin.updated).toEqual([
      { ticketId: id, status: 'closed' },
      { ticketId: id, priority: 'urgent' },
    ]);
    // The header's chips follow the gateway's answer.
    await waitFor(() => expect(screen.getAllByText('完了').length).toBeGreaterThan(1));
    expect(screen.getAllByText('緊急').length).toBeGreaterThan(1);
  });

  it("shows a refusal (403 ADMIN_FORBIDDEN) in the gateway's words and stays on the ticket as it was", async () => {
    const admin = mockThread();
    admin.forbidden = ['update'];
    signInStaff(admin, TANAKA);
    const { user, location } = renderTicket();
    const controls = await screen.findByRole('region', { name: '対応' });

    await user.selectOptions(within(controls).getByRole('combobox', { name: '優先度' }), '低');

    expect(await within(controls).findByRole('alert')).toHaveTextContent('この操作を行う権限がありません');
    expect(within(controls).getByRole('combobox', { name: '優先度' })).toHaveValue('high');
    expect(location.current).toBe(`/admin/tickets/${id}`);
    expect(getAdminSession()).not.toBeNull();
  });

  it('ends the session when a change answers 401, keeping the reply being written in this tab', async () => {
    const admin = mockThread();
    signInStaff(admin, SATO);
    const { user, location } = renderTicket();
    await thread();
    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), '書きかけの返信');

    admin.tokens.clear();
    await user.click(within(screen.getByRole('region', { name: '対応' })).getByRole('button', { name: '自分に割り当てる' }));

    await waitFor(() => expect(location.current).toBe(`/admin/login?next=${encodeURIComponent(`/admin/tickets/${id}`)}`));
    expect(getAdminSession()).toBeNull();
    expect(Object.values(sessionStorage).join()).toContain('書きかけの返信');
  });
});
