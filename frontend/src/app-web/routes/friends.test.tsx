import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';

import { AppRoutes } from '@/app-web/router';
import { apiError, mockSession } from '@/testing/mocks/accounts';
import { sampleUser } from '@/testing/mocks/data';
import { server } from '@/testing/mocks/server';
import { members, mockSocial } from '@/testing/mocks/social';
import { recordRequests, renderApp, toastSaying } from '@/testing/test-utils';

function renderFriends(graph: Parameters<typeof mockSocial>[0] = {}) {
  mockSession(sampleUser);
  const social = mockSocial(graph);
  return { social, ...renderApp(<AppRoutes />, { route: '/friends' }) };
}

const section = (name: string) => screen.findByRole('region', { name: new RegExp(`^${name}`) });

afterEach(() => server.events.removeAllListeners());

describe('/friends: lists', () => {
  it('shows friends with their score, requests both ways and the own invite link', async () => {
    renderFriends();

    const friends = await screen.findByRole('region', { name: /^フレンド\s*1人$/ });
    const list = await within(friends).findByRole('list', { name: 'フレンド一覧' });
    const [taro] = within(list).getAllByRole('listitem');
    expect(within(taro as HTMLElement).getByRole('link', { name: '太郎' })).toHaveAttribute('href', `/friends/${members.taro.userId}`);
    expect(within(taro as HTMLElement).getByText('@taro')).toBeInTheDocument();
    expect(taro).toHaveTextContent('相性 82点');
    expect(taro).toHaveTextContent('とても良い相性');

    const incoming = await section('届いた申請');
    expect(within(incoming).getByText('jiro')).toBeInTheDocument();
    expect(within(incoming).getByRole('button', { name: '承認する' })).toBeEnabled();
    const outgoing = await section('送った申請');
    expect(within(outgoing).getByText('三郎')).toBeInTheDocument();

    expect(screen.getByTestId('invite-link')).toHaveValue(`${window.location.origin}/invite/${sampleUser.id}`);
  });

  it('says so when there are no friends yet, and shows no empty request lists', async () => {
    renderFriends({ friends: [], incoming: [], outgoing: [] });

    expect(await screen.findByText('まだフレンドがいません。ユーザー名で探すか、招待リンクを送ってみましょう。')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^届いた申請/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^送った申請/ })).not.toBeInTheDocument();
  });

  it('offers to read the list again when it fails', async () => {
    mockSession(sampleUser);
    mockSocial();
    let fail = true;
    server.use(
      http.get('/api/friends', () => (fail ? apiError(503, 'SERVICE_UNAVAILABLE', 'しばらくしてからお試しください') : undefined)),
    );
    const { user } = renderApp(<AppRoutes />, { route: '/friends' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('フレンドを読み込めませんでした。');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await screen.findByRole('link', { name: '太郎' })).toBeInTheDocument();
  });
});

describe('/friends: requests', () => {
  it('accepts a request: the member becomes a friend whose compatibility is being worked out', async () => {
    const { user, social } = renderFriends();
    const incoming = await section('届いた申請');

    await user.click(within(incoming).getByRole('button', { name: '承認する' }));

    expect(toastSaying('jiroさんとフレンドになりました')).toHaveTextContent('フレンドになりました');
    const list = await screen.findByRole('list', { name: 'フレンド一覧' });
    await within(list).findByText('jiro');
    expect(list).toHaveTextContent('相性を計算中...');
    expect(screen.queryByRole('region', { name: /^届いた申請/ })).not.toBeInTheDocument();
    expect(social.friends.map((f) => f.username)).toEqual(['taro', 'jiro']);
  });

  it('declines a request and cancels an own one', async () => {
    const { user, social } = renderFriends();

    await user.click(within(await section('届いた申請')).getByRole('button', { name: 'お断りする' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^届いた申請/ })).not.toBeInTheDocument());
    expect(toastSaying('jiroさんからの申請を削除しました')).toBeInTheDocument();

    await user.click(within(await section('送った申請')).getByRole('button', { name: '申請を取り消す' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^送った申請/ })).not.toBeInTheDocument());
    expect(toastSaying('三郎さんへの申請を取り消しました')).toBeInTheDocument();
    expect(social.incoming).toEqual([]);
    expect(social.outgoing).toEqual([]);
  });

  it("says the server's reason when a change is refused", async () => {
    const { user } = renderFriends();
    server.use(
      http.post('/api/friends/requests/:userId/accept', () =>
        apiError(429, 'FRIEND_LIMIT', 'フレンドの上限に達しています'),
      ),
    );

    await user.click(within(await section('届いた申請')).getByRole('button', { name: '承認する' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('エラー');
    expect(alert).toHaveTextContent('フレンドの上限に達しています');
    expect(within(await section('届いた申請')).getByText('jiro')).toBeInTheDocument();
  });
});

describe('/friends: search', () => {
  it('carries the tour target and asks once the typing pauses, with the query as typed', async () => {
    const requests = recordRequests();
    const { user } = renderFriends();
    const box = await screen.findByRole('searchbox', { name: 'ユーザー名で検索' });
    expect(box.closest('[data-tour="friend-search"]')).not.toBeNull();

    await user.type(box, 'shi');

    const results = await screen.findByRole('list', { name: '検索結果' });
    expect(within(results).getByText('四郎')).toBeInTheDocument();
    expect(screen.getByText('1人見つかりました')).toBeInTheDocument();
    const searches = requests.filter((r) => r.startsWith('GET /api/friends/search'));
    expect(searches).toEqual(['GET /api/friends/search?q=shi&limit=20']);
  });

  it('sends a request from a result, which then reads 申請中', async () => {
    const { user, social } = renderFriends();
    await user.type(await screen.findByRole('searchbox', { name: 'ユーザー名で検索' }), 'shiro');
    const results = await screen.findByRole('list', { name: '検索結果' });

    await user.click(within(results).getByRole('button', { name: 'フレンド申請' }));

    expect(toastSaying('四郎さんが承認するとフレンドになります')).toHaveTextContent('フレンド申請を送りました');
    expect(await within(results).findByText('申請中')).toBeInTheDocument();
    expect(within(results).getByRole('button', { name: '申請を取り消す' })).toBeInTheDocument();
    expect(social.outgoing.map((m) => m.username)).toContain('shiro');
    expect(within(await section('送った申請')).getByText('四郎')).toBeInTheDocument();
  });

  it('shows each state with its action, and says when nobody matches', async () => {
    const { user } = renderFriends();
    const box = await screen.findByRole('searchbox', { name: 'ユーザー名で検索' });

    await user.type(box, 'ta');
    const results = await screen.findByRole('list', { name: '検索結果' });
    await within(results).findByText('珠子');
    const rows = within(results).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('フレンド');
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: '相性を見る' })).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByRole('button', { name: 'フレンド申請' })).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'nobody');
    expect(await screen.findByText('「nobody」に一致するユーザーは見つかりませんでした')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: '検索結果' })).not.toBeInTheDocument();
  });

  it('says a query over 30 characters is too long without asking the server', async () => {
    const requests = recordRequests();
    const { user } = renderFriends();
    const box = await screen.findByRole('searchbox', { name: 'ユーザー名で検索' });

    await user.click(box);
    await user.paste('a'.repeat(31));

    expect(await screen.findByText('ユーザー名を30文字以内で入力してください')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.filter((r) => r.startsWith('GET /api/friends/search'))).toEqual([]);
  });

  it("shows the server's message when the search is refused (e.g. too many searches)", async () => {
    const { user } = renderFriends();
    server.use(
      http.get('/api/friends/search', () =>
        apiError(429, 'RATE_LIMITED', 'リクエストが多すぎます。しばらくしてからお試しください'),
      ),
    );

    await user.type(await screen.findByRole('searchbox', { name: 'ユーザー名で検索' }), 'ta');

    expect(await screen.findByText('リクエストが多すぎます。しばらくしてからお試しください')).toBeInTheDocument();
  });
});

describe('/friends: remove and block', () => {
  it('removes a friend only after the confirm dialog says yes', async () => {
    const { user, social } = renderFriends();
    await screen.findByRole('link', { name: '太郎' });

    await user.click(screen.getByRole('button', { name: '太郎さんのメニュー' }));
    await user.click(screen.getByRole('menuitem', { name: 'フレンドを解除' }));
    const dialog = await screen.findByRole('dialog', { name: '太郎さんとのフレンドを解除しますか？' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(social.friends).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '太郎さんのメニュー' }));
    await user.click(screen.getByRole('menuitem', { name: 'フレンドを解除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '解除する' }));

    expect(await screen.findByText('まだフレンドがいません。ユーザー名で探すか、招待リンクを送ってみましょう。')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastSaying('太郎さんとのフレンドを解除しました')).toBeInTheDocument();
    expect(social.friends).toEqual([]);
  });

  it('blocks a friend after confirming, lists them as blocked, and unblocks', async () => {
    const { user, social } = renderFriends();
    await screen.findByRole('link', { name: '太郎' });

    await user.click(screen.getByRole('button', { name: '太郎さんのメニュー' }));
    await user.click(screen.getByRole('menuitem', { name: 'ブロックする' }));
    const dialog = await screen.findByRole('dialog', { name: '太郎さんをブロックしますか？' });
    await user.click(within(dialog).getByRole('button', { name: 'ブロックする' }));

    const blocked = await section('ブロック中のユーザー');
    expect(within(blocked).getByText('太郎')).toBeInTheDocument();
    expect(social.friends).toEqual([]);

    await user.click(within(blocked).getByRole('button', { name: 'ブロックを解除' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^ブロック中のユーザー/ })).not.toBeInTheDocument());
    expect(social.blocked).toEqual([]);
  });
});

describe('/friends: invite link', () => {
  it('copies the own invite link', async () => {
    const { user } = renderFriends();

    await user.click(await screen.findByRole('button', { name: 'リンクをコピー' }));

    expect(toastSaying('招待したい人に送ってください')).toHaveTextContent('リンクをコピーしました');
    await expect(navigator.clipboard.readText()).resolves.toBe(`${window.location.origin}/invite/${sampleUser.id}`);
  });
});
