import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { TicketThreadScreen } from '@/features/support/components/ticket-thread-screen';
import {
  attachmentId,
  mockSupport,
  sampleAttachment,
  sampleTicket,
  sampleTicketMessage,
  ticketId,
  ticketMessageId,
} from '@/testing/mocks/support';
import { renderApp } from '@/testing/test-utils';

const id = ticketId(1);

/** A ticket with the member's question, a staff reply and the member's answer from the reply mail. */
function mockThread(status: 'open' | 'in_progress' | 'closed' = 'in_progress') {
  return mockSupport({
    tickets: [sampleTicket({ id, subject: 'クレジットが反映されない', status, messageCount: 3, unreadCount: 1 })],
    // Stored out of order: the thread is oldest first whatever the store's order.
    messages: [
      sampleTicketMessage({
        id: ticketMessageId(3),
        ticketId: id,
        body: '購入日時は11月20日の夜です。',
        via: 'email',
        createdAt: '2026-11-21T01:00:00Z',
      }),
      sampleTicketMessage({
        id: ticketMessageId(1),
        ticketId: id,
        body: '購入したクレジットが増えていません。',
        attachments: [
          sampleAttachment({ id: attachmentId(1), width: 1280, height: 720 }),
          sampleAttachment({ id: attachmentId(2), contentType: 'image/jpeg', width: 600, height: 1200 }),
        ],
        createdAt: '2026-11-20T12:00:00Z',
      }),
      sampleTicketMessage({
        id: ticketMessageId(2),
        ticketId: id,
        authorType: 'staff',
        authorName: 'サポート担当 佐藤',
        body: 'ご不便をおかけしております。\n購入日時を教えていただけますか。',
        isRead: false,
        createdAt: '2026-11-20T15:00:00Z',
      }),
    ],
  });
}

const conversation = () => screen.findByRole('list', { name: 'やりとり' });

describe('a ticket thread', () => {
  it('shows the subject, the status and the messages oldest first, by whom and how they came', async () => {
    const support = mockThread();
    renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'クレジットが反映されない' })).toBeInTheDocument();
    expect(screen.getByText('対応中')).toBeInTheDocument();
    const messages = within(await conversation()).getAllByRole('listitem');
    expect(messages.map((m) => m.getAttribute('aria-label'))).toEqual([
      'あなたのメッセージ',
      'サポート担当 佐藤のメッセージ',
      'あなたのメッセージ',
    ]);
    const [question, reply, answer] = messages as [HTMLElement, HTMLElement, HTMLElement];
    expect(question).toHaveTextContent('購入したクレジットが増えていません。');
    expect(within(question).getByText(/2026年11月20日/)).toBeInTheDocument();
    expect(within(reply).getByText('サポート担当 佐藤')).toBeInTheDocument();
    expect(reply).toHaveTextContent('購入日時を教えていただけますか。');
    expect(within(reply).queryByText('メールから返信')).not.toBeInTheDocument();
    expect(within(answer).getByText('メールから返信')).toBeInTheDocument();
    // Reading the thread marks the staff reply read.
    expect(support.tickets[0]?.unreadCount).toBe(0);
    expect(screen.queryByText(/完了したお問い合わせです/)).not.toBeInTheDocument();
  });

  it('shows the screenshots as thumbnails read from the member\'s attachment route, each opening in a new tab', async () => {
    mockThread();
    renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    const [question, reply] = within(await conversation()).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    const images = within(question).getAllByRole('img');
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['添付画像 1', '添付画像 2']);
    const [wide, tall] = images as [HTMLElement, HTMLElement];
    expect(wide).toHaveAttribute('src', `/api/support/attachments/${attachmentId(1)}`);
    expect(wide).toHaveAttribute('loading', 'lazy');
    // Boxed to 160 px on the longer side, from the stored size, so the thread does not jump as they load.
    expect([wide.getAttribute('width'), wide.getAttribute('height')]).toEqual(['160', '90']);
    expect([tall.getAttribute('width'), tall.getAttribute('height')]).toEqual(['80', '160']);
    const open = within(question).getByRole('link', { name: '添付画像 2を新しいタブで開く' });
    expect(open).toHaveAttribute('href', `/api/support/attachments/${attachmentId(2)}`);
    expect(open).toHaveAttribute('target', '_blank');
    expect(open).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(within(reply).queryByRole('img')).not.toBeInTheDocument();
  });

  it('sends a reply with a screenshot as multipart/form-data, and the thread shows it', async () => {
    const support = mockThread();
    const { user } = renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    await conversation();
    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), '画面はこうなっています。');
    await user.upload(screen.getByLabelText('添付する画像を選ぶ'), new File([new Uint8Array(900)], 's.png', { type: 'image/png' }));
    expect(within(screen.getByRole('list', { name: '添付する画像' })).getByRole('img', { name: '添付画像 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '返信する' }));

    expect(await screen.findByText('返信を送信しました')).toBeInTheDocument();
    expect(support.replies).toEqual([
      {
        contentType: 'multipart',
        requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        message: '画面はこうなっています。',
        attachments: [{ type: 'image/png', size: 900 }],
      },
    ]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')).toHaveLength(4));
    const last = within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem').at(-1) as HTMLElement;
    const stored = support.messages.at(-1)?.attachments[0]?.id ?? '';
    expect(within(last).getByRole('img', { name: '添付画像 1' })).toHaveAttribute('src', `/api/support/attachments/${stored}`);
    // The picker is empty again.
    expect(screen.queryByRole('list', { name: '添付する画像' })).not.toBeInTheDocument();
  });

  it('keeps the text and the screenshot when support refuses the image, saying why by the picker', async () => {
    const support = mockThread();
    const { user } = renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    await conversation();
    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), '空の画像です');
    await user.upload(screen.getByLabelText('添付する画像を選ぶ'), new File([], 'empty.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: '返信する' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('画像ファイルが空です。別の画像を選んでください');
    expect(screen.getByRole('textbox', { name: /^返信内容/ })).toHaveValue('空の画像です');
    expect(within(screen.getByRole('list', { name: '添付する画像' })).getByRole('img', { name: '添付画像 1' })).toBeInTheDocument();
    expect(support.replies).toHaveLength(1);
    expect(support.messages).toHaveLength(3);
  });

  it('sends a reply and reads the thread again', async () => {
    const support = mockThread();
    const { user } = renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    await conversation();
    const box = screen.getByRole('textbox', { name: /^返信内容/ });
    await user.click(screen.getByRole('button', { name: '返信する' }));
    expect(screen.getByText('お問い合わせ内容を入力してください')).toBeInTheDocument();
    expect(support.replies).toEqual([]);

    await user.type(box, '確認ありがとうございます。');
    const send = screen.getByRole('button', { name: '返信する' });
    fireEvent.click(send);
    fireEvent.click(send);

    await waitFor(() => expect(within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem')).toHaveLength(4));
    const last = within(screen.getByRole('list', { name: 'やりとり' })).getAllByRole('listitem').at(-1);
    expect(last).toHaveTextContent('確認ありがとうございます。');
    expect(last).toHaveAttribute('aria-label', 'あなたのメッセージ');
    expect(support.replies).toHaveLength(1);
    expect(support.replies[0]?.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(support.replies[0]?.contentType).toBe('json');
    expect(screen.getByRole('textbox', { name: /^返信内容/ })).toHaveValue('');
    expect(screen.getByText('メッセージ 4件')).toBeInTheDocument();
  });

  it('says a closed ticket is reopened by a reply, and takes one', async () => {
    const support = mockThread('closed');
    const { user } = renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    expect(await screen.findByText('完了したお問い合わせです。返信すると再開されます')).toBeInTheDocument();
    expect(screen.getByText('完了')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), 'まだ解決していません。');
    await user.click(screen.getByRole('button', { name: '返信する' }));

    expect(await screen.findByText('受付中')).toBeInTheDocument();
    expect(screen.queryByText(/完了したお問い合わせです/)).not.toBeInTheDocument();
    expect(support.tickets[0]?.status).toBe('open');
  });

  it("reads an unknown ticket, or someone else's, as not found with a way back", async () => {
    mockThread();
    renderApp(<TicketThreadScreen ticketId={ticketId(99)} />, { route: `/settings/support/${ticketId(99)}` });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('お問い合わせが見つかりません');
    expect(within(alert).getByRole('link', { name: 'お問い合わせの一覧へ戻る' })).toHaveAttribute('href', '/settings#support');
  });

  it('asks nothing for an id that is not one', async () => {
    mockThread();
    renderApp(<TicketThreadScreen ticketId="not-a-ticket" />, { route: '/settings/support/not-a-ticket' });

    expect(await screen.findByRole('alert')).toHaveTextContent('お問い合わせが見つかりません');
  });

  it('says so when support cannot be reached', async () => {
    mockSupport({ down: true });
    renderApp(<TicketThreadScreen ticketId={id} />, { route: `/settings/support/${id}` });

    expect(await screen.findByRole('alert')).toHaveTextContent('サポートに接続できません。しばらくしてからもう一度お試しください');
    expect(screen.getByRole('button', { name: 'もう一度読み込む' })).toBeInTheDocument();
  });
});
