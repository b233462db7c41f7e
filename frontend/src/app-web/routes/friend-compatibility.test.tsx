import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import type { Compatibility } from '@/features/friends/api/types';
import { mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { members, mockSocial, sampleCompatibility } from '@/testing/mocks/social';
import { renderApp, toastSaying } from '@/testing/test-utils';

function renderPage(userId: string = members.taro.userId, graph: Parameters<typeof mockSocial>[0] = {}) {
  mockSession(sampleUser);
  const social = mockSocial(graph);
  return { social, ...renderApp(<AppRoutes />, { route: `/friends/${userId}` }) };
}

describe('a friend’s compatibility page', () => {
  it('shows the score, the summary, each factor and what each brings — and no birth data', async () => {
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: '太郎さんとの相性' })).toBeInTheDocument();
    expect(screen.getByTestId('compatibility-score')).toHaveTextContent('82点');
    expect(screen.getByText('とても良い相性')).toBeInTheDocument();
    expect(screen.getByTestId('compatibility-summary')).toHaveTextContent('おだやかに支え合える組み合わせです。');

    const factors = screen.getByRole('region', { name: '相性のポイント' });
    const bars = within(factors).getAllByRole('progressbar');
    expect(bars.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['80', '75', '40']);
    expect(bars[0]).toHaveAccessibleName('日主どうしの関係');
    expect(
      within(factors).getByText(
        'あなたの日主甲（木）がお相手の日主丙（火）を生じる相生の関係。あなたが自然に支え、育てる側になりやすい組み合わせです',
      ),
    ).toBeInTheDocument();

    expect(screen.getByRole('region', { name: 'あなたが太郎さんにもたらすもの' })).toHaveTextContent(
      'あなたは「水」（知恵としなやかさ）の気を多く持ち、お相手の喜神であるその力を分けてあげられます。',
    );
    expect(screen.getByRole('region', { name: '太郎さんがあなたにもたらすもの' })).toHaveTextContent(
      'お相手の日主は「火」（情熱と明るさ）の気で、あなたの喜神そのもの。そばにいるだけで力を分けてくれます。',
    );
    expect(document.body).not.toHaveTextContent(/1990|14:30|札幌/);
  });

  it('waits while the compatibility is being worked out and shows it once ready', async () => {
    const pending: Compatibility = {
      ...sampleCompatibility(members.taro),
      status: 'pending',
      score: null,
      factors: [],
      summary: '',
      youBring: '',
      friendBrings: '',
      computedAt: null,
    };
    let answer = pending;
    renderPage();
    server.use(http.get('/api/friends/:userId/compatibility', () => HttpResponse.json<Compatibility>(answer)));

    expect(await screen.findByText(/相性を計算中\.\.\./)).toBeInTheDocument();
    answer = sampleCompatibility(members.taro);
    // Asked again every 3 s while pending.
    expect(await screen.findByTestId('compatibility-score', {}, { timeout: 5000 })).toHaveTextContent('82点');
  });

  it('says when a birth date is missing on either side', async () => {
    renderPage(members.taro.userId, {
      compatibility: {
        [members.taro.userId]: { ...sampleCompatibility(members.taro), status: 'unavailable', score: null, factors: [] },
      },
    });

    expect(await screen.findByRole('heading', { name: '相性を計算できません' })).toBeInTheDocument();
    expect(screen.queryByTestId('compatibility-score')).not.toBeInTheDocument();
  });

  it('says clearly when the member is not (or no longer) a friend', async () => {
    renderPage(members.shiro.userId);

    expect(await screen.findByRole('heading', { name: 'フレンドが見つかりませんでした' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'フレンド一覧へ' })).toHaveAttribute('href', '/friends');
  });

  it('removes the friend after confirming and goes back to /friends', async () => {
    const { user, social } = renderPage();
    await screen.findByTestId('compatibility-score');

    await user.click(screen.getByRole('button', { name: 'フレンドを解除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解除する' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'フレンド' })).toBeInTheDocument();
    expect(toastSaying('太郎さんとのフレンドを解除しました')).toBeInTheDocument();
    await waitFor(() => expect(social.friends).toEqual([]));
  });
});
