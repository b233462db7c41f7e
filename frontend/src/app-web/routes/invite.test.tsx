import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import type { Invite } from '@/features/friends/api/types';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { members, mockSocial } from '@/testing/mocks/social';
import { renderApp, toastSaying } from '@/testing/test-utils';

const unknownId = '0193d1a2-7c1e-7000-8000-0000000000ff';

describe('the invite page, signed out', () => {
  it("shows the inviter's card and signs up carrying the inviter", async () => {
    mockSession(null);
    server.use(
      http.get('/api/invites/:userId', () => HttpResponse.json<Invite>({ inviter: members.taro, state: null })),
    );
    const { user } = renderApp(<AppRoutes />, { route: `/invite/${members.taro.userId}` });

    expect(await screen.findByRole('heading', { name: '太郎さんからの招待' })).toBeInTheDocument();
    const card = screen.getByRole('region', { name: '招待した人' });
    expect(within(card).getByText('@taro')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/生年月日|birth/i);

    await user.click(screen.getByRole('link', { name: '登録してフレンドになる' }));

    expect(await screen.findByText('ステップ 1 / 5')).toBeInTheDocument();
    expect(await screen.findByText('太郎さんからの招待です。登録してメール認証が済むと、太郎さんにフレンド申請が届きます。')).toBeInTheDocument();
  });

  it('says clearly that an unknown or deleted inviter is not there', async () => {
    mockSession(null);
    mockSocial();
    renderApp(<AppRoutes />, { route: `/invite/${unknownId}` });

    expect(await screen.findByRole('heading', { name: 'ユーザーが見つかりませんでした' })).toBeInTheDocument();
    expect(screen.getByText('招待リンクが間違っているか、招待した方のアカウントが削除されています。')).toBeInTheDocument();
  });
});

describe('the invite page, signed in', () => {
  it('sends a friend request, then shows it as sent', async () => {
    mockSession(sampleUser);
    const social = mockSocial();
    const { user } = renderApp(<AppRoutes />, { route: `/invite/${members.shiro.userId}` });

    expect(await screen.findByText('四郎さんにフレンド申請を送りますか？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'フレンド申請' }));

    expect(await screen.findByText('フレンド申請を送りました。四郎さんの承認を待っています。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '申請を取り消す' })).toBeInTheDocument();
    expect(toastSaying('四郎さんが承認するとフレンドになります')).toBeInTheDocument();
    expect(social.outgoing.map((m) => m.username)).toContain('shiro');
  });

  it('accepts from the page when the inviter already asked', async () => {
    mockSession(sampleUser);
    mockSocial();
    const { user } = renderApp(<AppRoutes />, { route: `/invite/${members.jiro.userId}` });

    expect(await screen.findByText('jiroさんからフレンド申請が届いています。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '承認する' }));

    expect(await screen.findByText('jiroさんとはフレンドです。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '相性を見る' })).toHaveAttribute('href', `/friends/${members.jiro.userId}`);
  });

  it('tells the inviter this is their own page', async () => {
    mockSession(sampleUser);
    mockSocial();
    renderApp(<AppRoutes />, { route: `/invite/${sampleUser.id}` });

    expect(await screen.findByRole('heading', { name: 'あなたの招待ページ' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'フレンド画面へ' })).toHaveAttribute('href', '/friends');
    expect(screen.queryByRole('button', { name: 'フレンド申請' })).not.toBeInTheDocument();
  });

  it('says when the inviter is blocked', async () => {
    mockSession(sampleUser);
    mockSocial({ blocked: [members.shiro] });
    renderApp(<AppRoutes />, { route: `/invite/${members.shiro.userId}` });

    expect(await screen.findByText('このユーザーはブロック中です。ブロックはフレンド画面から解除できます。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'フレンド申請' })).not.toBeInTheDocument();
  });
});
