import type { ReactNode } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { ReplyLinkScreen } from '@/features/support/components/reply-link-screen';
import { apiError } from '@/testing/mocks/accounts';
import { server } from '@/testing/mocks/server';
import {
  attachmentId,
  EXPIRED_REPLY_TOKEN,
  mockSupport,
  REPLY_TOKEN,
  sampleAttachment,
  sampleReplyLink,
  sampleTicket,
  sampleTicketMessage,
  ticketId,
  ticketMessageId,
} from '@/testing/mocks/support';
import { renderApp } from '@/testing/test-utils';

/** The route gives the account screens' card; here a plain frame with the title as the page's heading. */
function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

const id = ticketId(1);

/** A ticket with the member's question (and a screenshot), a staff reply whose mail carried the link. */
function mockLink(status: 'open' | 'in_progress' | 'closed' = 'in_progress') {
  return mockSupport({
    tickets: [sampleTicket({ id, subject: '画像が表示されません', status, messageCount: 2, unreadCount: 1 })],
    messages: [
      sampleTicketMessage({
        id: ticketMessageId(1),
        ticketId: id,
        body: 'ホーム画面の画像が真っ白です。',
        attachments: [sampleAttachment({ id: attachmentId(1) })],
        createdAt: '2026-11-20T12:00:00Z',
      }),
      sampleTicketMessage({
        id: ticketMessageId(2),
        ticketId: id,
        authorType: 'staff',
        authorName: 'サポート担当 佐藤',
        body: 'ご不便をおかけしております。ご利用の端末を教えていただけますか。',
        isRead: false,
        createdAt: '2026-11-20T15:00:00Z',
      }),
    ],
    replyLinks: [
      sampleReplyLink({ ticketId: id }),
      sampleReplyLink({ ticketId: id, token: EXPIRED_REPLY_TOKEN, expiresAt: '2020-01-01T00:00:00Z' }),
    ],
  });
}

function renderScreen(token: string, signedIn = false) {
  return renderApp(<ReplyLinkScreen token={token} signedIn={signedIn} frame={Frame} />, {
    route: `/support/reply/${token}`,
  });
}

const conversation = () => screen.findByRole('list', { name: 'やりとり' });
const replyBox = () => screen.getByRole('textbox', { name: /^返信内容/ });

describe('the reply link page (/support/reply/{token})', () => {
  it("shows the ticket, its status, the link's expiry in Japan and the thread, staff by name, screenshots by the link's route", async () => {
    const support = mockLink();
    renderScreen(REPLY_TOKEN);

    expect(await screen.findByRole('heading', { level: 1, name: '画像が表示されません' })).toBeInTheDocument();
    expect(screen.getByText('対応中')).toBeInTheDocument();
    // 2036-12-21 15:30 UTC is the 22nd in Japan.
    expect(screen.getByText(/このリンクの有効期限/)).toHaveTextContent('このリンクの有効期限: 2036年12月22日');
    const [question, reply] = within(await conversation()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(question).toHaveAttribute('aria-label', 'あなたのメッセージ');
    expect(question).toHaveTextContent('ホーム画面の画像が真っ白です。');
    expect(within(question).getByRole('img', { name: '添付画像 1' })).toHaveAttribute(
      'src',
      `/api/public/support/reply/${REPLY_TOKEN}/attachments/${attachmentId(1)}`,
    );
    expect(within(question).getByRole('link', { name: '添付画像 1を新しいタブで開く' })).toHaveAttribute('target', '_blank');
    expect(reply).toHaveAttribute('aria-label', 'サポート担当 佐藤のメッセージ');
    expect(within(reply).getByText('サポート担当 佐藤')).toBeInTheDocument();
    // The link takes text only, and reading through it marks nothing read.
    expect(screen.queryByRole('button', { name: '画像を添付' })).not.toBeInTheDocument();
    expect(support.tickets[0]?.unreadCount).toBe(1);
  });

  it('posts the answer once, shows it in the thread marked as from the mail, and says it was sent', async () => {
    const support = mockLink();
    const { user } = renderScreen(REPLY_TOKEN);
    await conversation();

    await user.click(screen.getByRole('button', { name: '返信する' }));
    expect(screen.getByText('お問い合わせ内容を入力してください')).toBeInTheDocument();
    expect(support.answers).toEqual([]);

    await user.type(replyBox(), 'iPhone 15 の Safari です。');
    expect(screen.getByText('22 / 5000文字')).toBeInTheDocument();
    const send = screen.getByRole('button', { name: '返信する' });
    fireEvent.click(send);
    fireEvent.click(send);

    expect(await screen.findByText('返信を送信しました')).toBeInTheDocument();
    expect(support.answers).toEqual([
      { token: REPLY_TOKEN, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), message: 'iPhone 15 の Safari です。' },
    ]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')).toHaveLength(3));
    const last = within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem').at(-1) as HTMLElement;
    expect(last).toHaveAttribute('aria-label', 'あなたのメッセージ');
    expect(last).toHaveTextContent('iPhone 15 の Safari です。');
    expect(within(last).getByText('メールから返信')).toBeInTheDocument();
    expect(replyBox()).toHaveValue('');
    expect(support.messages.at(-1)?.via).toBe('email');
  });

  it('keeps the text when the send fails and sends the same requestId again', async () => {
    const support = mockLink();
    const { user } = renderScreen(REPLY_TOKEN);
    await conversation();
    await user.type(replyBox(), 'もう一度送ります');

    support.rateLimited = true;
    await user.click(screen.getByRole('button', { name: '返信する' }));
    expect(await screen.findByText('リクエストが多すぎます。しばらくしてから再度お試しください。')).toBeInTheDocument();
    expect(replyBox()).toHaveValue('もう一度送ります');
    expect(screen.queryByText('返信を送信しました')).not.toBeInTheDocument();

    support.rateLimited = false;
    await user.click(screen.getByRole('button', { name: '返信する' }));
    expect(await screen.findByText('返信を送信しました')).toBeInTheDocument();
    expect(support.answers).toHaveLength(2);
    expect(support.answers[1]?.requestId).toBe(support.answers[0]?.requestId);
  });

  it('says a closed ticket is reopened by the answer, and takes one', async () => {
    const support = mockLink('closed');
    const { user } = renderScreen(REPLY_TOKEN);

    expect(await screen.findByText('完了したお問い合わせです。返信すると再開されます')).toBeInTheDocument();
    await user.type(replyBox(), 'まだ直りません。');
    await user.click(screen.getByRole('button', { name: '返信する' }));

    expect(await screen.findByText('受付中')).toBeInTheDocument();
    expect(support.tickets[0]?.status).toBe('open');
  });

  it('shows one page for an unknown, an expired and an altered link, with the way to reply signed in and nothing of the ticket', async () => {
    mockLink();
    const altered = `${REPLY_TOKEN.slice(0, -1)}${REPLY_TOKEN.endsWith('A') ? 'B' : 'A'}`;
    const pages: string[] = [];
    for (const token of ['made-up-token', EXPIRED_REPLY_TOKEN, altered]) {
      const { container, unmount } = renderScreen(token);
      expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは使えません' })).toBeInTheDocument();
      expect(
        screen.getByText('リンクが正しくないか、有効期限が切れています。ログインすると、お問い合わせの履歴から返信できます。'),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'ログインして返信する' })).toHaveAttribute(
        'href',
        '/auth/login?next=%2Fsettings%23support',
      );
      expect(container).not.toHaveTextContent('画像が表示されません');
      expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
      pages.push(container.innerHTML);
      unmount();
    }
    expect(new Set(pages).size).toBe(1);
  });

  it('leads a signed-in member straight to the history instead of login', async () => {
    mockLink();
    renderScreen('made-up-token', true);

    expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは使えません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お問い合わせの履歴を開く' })).toHaveAttribute('href', '/settings#support');
  });

  it('keeps the text when the link dies before the answer is sent, and offers the way to reply signed in', async () => {
    const support = mockLink();
    const { user } = renderScreen(REPLY_TOKEN);
    await conversation();
    await user.type(replyBox(), '長い返信');

    support.replyLinks = [];
    await user.click(screen.getByRole('button', { name: '返信する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('このリンクは使えません。リンクが正しくないか、有効期限が切れています');
    expect(within(alert).getByRole('link', { name: 'ログインして返信する' })).toHaveAttribute(
      'href',
      '/auth/login?next=%2Fsettings%23support',
    );
    expect(replyBox()).toHaveValue('長い返信');
    expect(screen.getByRole('list', { name: 'やりとり' })).toBeInTheDocument();
  });

  it("says the gateway's message when over the limit (429), and reads again on request", async () => {
    const support = mockLink();
    support.rateLimited = true;
    const { user } = renderScreen(REPLY_TOKEN);

    expect(await screen.findByRole('heading', { level: 1, name: 'お問い合わせを読み込めませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('リクエストが多すぎます。しばらくしてから再度お試しください。');

    support.rateLimited = false;
    await user.click(screen.getByRole('button', { name: 'もう一度読み込む' }));
    expect(await screen.findByRole('heading', { level: 1, name: '画像が表示されません' })).toBeInTheDocument();
  });

  it('says so when the gateway cannot be reached, and shows a spinner while reading', async () => {
    mockLink();
    server.use(http.get('/api/public/support/reply/:token', () => HttpResponse.error()));
    renderScreen(REPLY_TOKEN);

    expect(screen.getByRole('status')).toHaveTextContent('お問い合わせを読み込んでいます...');
    expect(await screen.findByRole('alert')).toHaveTextContent('通信できませんでした。接続を確かめて、もう一度お試しください');
    expect(screen.getByRole('button', { name: 'もう一度読み込む' })).toBeInTheDocument();
  });

  it('asks nothing without a token', async () => {
    mockLink();
    server.use(http.get('/api/public/support/reply/:token', () => apiError(500, 'INTERNAL_ERROR', '呼ばれてはいけません')));
    renderScreen('');

    expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは使えません' })).toBeInTheDocument();
  });
});
