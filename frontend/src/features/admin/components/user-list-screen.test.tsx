import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { UserListScreen } from '@/features/admin/components/user-list-screen';
import { listSearchFrom } from '@/features/admin/utils/user-search';
import { memberId, mockAdmin, SATO, signInStaff, TANAKA } from '@/testing/mocks/admin';
import { mockAdminUsers, sampleMembers } from '@/testing/mocks/admin-users';
import { renderAdmin } from '@/testing/test-utils';

/** Where a row leads: the user page's path and the list's search it hands on for the way back. */
function UserPageProbe() {
  const { pathname, state } = useLocation();
  return <p>{`会員ページ ${pathname} ${listSearchFrom(state)}`}</p>;
}

/** The list as the admin build shows it: inside the guard (which gives it the session) and the shell. */
function renderList(route = '/admin/users') {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route path="/admin/users/:userId" element={<UserPageProbe />} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <UserListScreen />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route },
  );
}

const grid = () => screen.findByRole('grid', { name: '会員一覧' });

/** The usernames of the grid's rows, top to bottom. */
function usernames(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-field="username"]')?.textContent ?? '');
}

function setup(count: number, staff = SATO) {
  const admin = mockAdmin();
  signInStaff(admin, staff);
  const users = mockAdminUsers(admin, { users: sampleMembers(count) });
  return { admin, users };
}

describe('the member list', () => {
  it('lists a page of members newest first, with their columns, the deleted ones marked', async () => {
    const { users } = setup(10);
    renderList();

    expect(await screen.findByRole('heading', { level: 1, name: 'ユーザー' })).toBeInTheDocument();
    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(users.listQueries).toEqual(['?limit=25']);
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'ユーザー名',
      'メールアドレス',
      'メール認証',
      '登録日',
      '状態',
    ]);
    expect(usernames(table).slice(0, 3)).toEqual(['hoshino_mio', 'tsukikage', 'sora_2024']);

    const rows = within(table).getAllByRole('row').slice(1);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText('hoshinomio@example.jp')).toBeInTheDocument();
    expect(within(first).getByText('済')).toBeInTheDocument();
    expect(within(first).getByText(/^2026年11月2[78]日$/)).toBeInTheDocument();
    expect(within(first).queryByText('退会済み')).not.toBeInTheDocument();
    // Member 5 has not verified the e-mail; member 7 has left (the gateway empties the e-mail).
    expect(within(rows[4] as HTMLElement).getByText('未')).toBeInTheDocument();
    const seventh = rows[6] as HTMLElement;
    expect(within(seventh).getByText('退会済み')).toBeInTheDocument();
    expect(within(seventh).getByText('—')).toBeInTheDocument();
    expect(screen.getByText('1–10件 / 全10件')).toBeInTheDocument();
  });

  it('searches as typing stops, writes the search to the URL as ?q=, and lists what matches', async () => {
    const { users } = setup(20);
    const { user, location } = renderList();
    const table = await grid();
    await waitFor(() => expect(users.listQueries).toEqual(['?limit=25']));

    await user.type(screen.getByRole('searchbox', { name: 'ID・メールアドレス・ユーザー名で検索' }), ' kaede ');
    await waitFor(() => expect(users.listQueries.at(-1)).toBe('?q=kaede&limit=25'), { timeout: 5000 });
    // One request for the typed text, not one per character.
    expect(users.listQueries.filter((query) => query.includes('q='))).toHaveLength(1);
    expect(location.current).toBe('/admin/users?q=kaede');
    await waitFor(() => expect(usernames(table)).toEqual(['kaede.k', 'kaede.k2', 'kaede.k3']));
  });

  it('searches at once on Enter, by an id or by e-mail', async () => {
    const { users } = setup(20);
    const { user, location } = renderList();
    const table = await grid();
    const box = screen.getByRole('searchbox', { name: 'ID・メールアドレス・ユーザー名で検索' });

    await user.type(box, `${memberId(12)}{Enter}`);
    await waitFor(() => expect(users.listQueries.at(-1)).toBe(`?q=${memberId(12)}&limit=25`));
    expect(location.current).toBe(`/admin/users?q=${memberId(12)}`);
    await waitFor(() => expect(usernames(table)).toEqual(['kaede.k2']));

    await user.clear(box);
    await user.type(box, 'minato88@{Enter}');
    await waitFor(() => expect(usernames(table)).toEqual(['minato88']));
    expect(location.current).toBe('/admin/users?q=minato88%40');
  });

  it('reads the search of the URL it is opened at (a link, or the way back from a member)', async () => {
    const { users } = setup(20);
    renderList('/admin/users?q=yuzu');

    const table = await grid();
    await waitFor(() => expect(usernames(table)).toEqual(['yuzu_hana', 'yuzu_hana2']));
    expect(users.listQueries).toEqual(['?q=yuzu&limit=25']);
    expect(screen.getByRole('searchbox', { name: 'ID・メールアドレス・ユーザー名で検索' })).toHaveValue('yuzu');
  });

  it('says so when no member matches', async () => {
    setup(5);
    renderList('/admin/users?q=%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84');

    expect(await screen.findByText('該当する会員はいません')).toBeInTheDocument();
  });

  it("pages by the gateway's cursors, and starts again at the first page for a new search", async () => {
    const { users } = setup(60);
    const { user } = renderList();
    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(screen.getByText('1–25件 / 25件以上')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(users.listQueries).toHaveLength(2));
    const cursor = new URLSearchParams(users.listQueries[1]).get('cursor');
    expect(cursor).toEqual(expect.any(String));
    expect(users.listQueries[1]).toBe(`?cursor=${cursor}&limit=25`);
    // Member 26 is the first of the second page (8 usernames a round: the fourth round's second).
    await waitFor(() => expect(usernames(table)[0]).toBe('tsukikage4'));
    expect(screen.getByText('26–50件 / 50件以上')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByText('51–60件 / 全60件')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '次のページへ' })).toBeDisabled();

    await user.type(screen.getByRole('searchbox', { name: 'ID・メールアドレス・ユーザー名で検索' }), 'akari{Enter}');
    await waitFor(() => expect(users.listQueries.at(-1)).toBe('?q=akari&limit=25'));
    expect(await screen.findByText('1–7件 / 全7件')).toBeInTheDocument();
  });

  it('opens a member from a click on the row, handing on the search for the way back', async () => {
    setup(12);
    const { user, location } = renderList('/admin/users?q=sora');
    const table = await grid();
    await waitFor(() => expect(usernames(table)).toEqual(['sora_2024', 'sora_20242']));

    await user.click(within(table).getByText('sora_20242'));
    expect(location.current).toBe(`/admin/users/${memberId(11)}`);
    expect(screen.getByText(`会員ページ /admin/users/${memberId(11)} ?q=sora`)).toBeInTheDocument();
  });

  it('opens the member of the focused row with Enter, moving there with the arrow keys', async () => {
    setup(5, TANAKA);
    const { user, location } = renderList();
    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));

    const header = within(table).getAllByRole('columnheader')[0] as HTMLElement;
    act(() => header.focus());
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.closest('[role="row"]')).toHaveTextContent('tsukikage');
    await user.keyboard('{Enter}');
    expect(location.current).toBe(`/admin/users/${memberId(2)}`);
  });
});
