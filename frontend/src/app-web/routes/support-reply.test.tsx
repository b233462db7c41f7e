import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiPaths } from '@/config/paths';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import {
  mockSupport,
  REPLY_TOKEN,
  sampleReplyLink,
  sampleTicket,
  sampleTicketMessage,
  ticketId,
  ticketMessageId,
} from '@/testing/mocks/support';
import { renderApp } from '@/testing/test-utils';

const id = ticketId(1);

function mockLink() {
  return mockSupport({
    tickets: [sampleTicket({ id, subject: '退会の手続きについて', status: 'in_progress', messageCount: 2 })],
    messages: [
      sampleTicketMessage({ id: ticketMessageId(1), ticketId: id, body: '退会したいです。', createdAt: '2026-11-20T12:00:00Z' }),
      sampleTicketMessage({
        id: ticketMessageId(2),
        ticketId: id,
        authorType: 'staff',
        authorName: 'サポート担当 鈴木',
        body: '設定画面の一番下から退会できます。',
        createdAt: '2026-11-20T15:00:00Z',
      }),
    ],
    replyLinks: [sampleReplyLink({ ticketId: id })],
  });
}

describe('/support/reply/{token}', () => {
  it('works signed out: no sign-in is asked, the thread shows and the answer is taken', async () => {
    const session = mockSession();
    const support = mockLink();
    const { user } = renderApp(<AppRoutes />, { route: `/support/reply/${REPLY_TOKEN}` });

    expect(await screen.findByRole('heading', { level: 1, name: '退会の手続きについて' })).toBeInTheDocument();
    expect(session.user).toBeNull();
    expect(screen.queryByRole('heading', { name: 'ログイン' })).not.toBeInTheDocument();
    // The account screens' frame: the brand leads to the top page, and no app navigation.
    expect(screen.getByRole('link', { name: '巡り トップページ' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'やりとり' })).getByText('サポート担当 鈴木')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^返信内容/ }), 'ありがとうございました。');
    await user.click(screen.getByRole('button', { name: '返信する' }));
    expect(await screen.findByText('返信を送信しました')).toBeInTheDocument();
    expect(support.answers).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: '退会の手続きについて' })).toBeInTheDocument();
  });

  it('works for a signed-in member too', async () => {
    mockSession(sampleUser);
    mockLink();
    renderApp(<AppRoutes />, { route: `/support/reply/${REPLY_TOKEN}` });

    expect(await screen.findByRole('heading', { level: 1, name: '退会の手続きについて' })).toBeInTheDocument();
  });

  it('sends a dead link to login, and login back to the お問い合わせ of /settings', async () => {
    const session = mockSession();
    mockLink();
    server.use(
      http.post(apiPaths.auth.login, () => {
        session.signIn();
        return HttpResponse.json(sampleUser);
      }),
      http.get(apiPaths.settings.emailPreferences, () =>
        HttpResponse.json({
          friendRequestReceived: true,
          friendRequestAccepted: true,
          mentionedInDiary: true,
          futureDiaryDelivery: true,
          inactivityReminder: false,
        }),
      ),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/support/reply/not-a-real-token' });

    expect(await screen.findByRole('heading', { level: 1, name: 'このリンクは使えません' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ログインして返信する' }));

    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^メールアドレス/, { selector: 'input' }), 'hanako@example.com');
    await user.type(screen.getByLabelText(/^パスワード/, { selector: 'input' }), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    const support = await screen.findByRole('region', { name: 'お問い合わせ' });
    await waitFor(() => expect(within(support).getByRole('link', { name: /退会の手続きについて/ })).toBeInTheDocument());
  });
});
