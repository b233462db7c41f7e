import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { TicketInbox } from '@/features/admin/components/ticket-inbox';
import { apiError } from '@/testing/mocks/accounts';
import { adminTicketId, mockAdmin, sampleInbox, SATO, signInStaff, TANAKA } from '@/testing/mocks/admin';
import { server } from '@/testing/mocks/server';
import { renderAdmin } from '@/testing/test-utils';

/** The inbox as the admin build shows it: inside the guard (which gives it the session) and the shell. */
function renderInbox(route = '/admin/tickets') {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <TicketInbox />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route },
  );
}

const grid = () => screen.findByRole('grid', { name: 'お問い合わせ一覧' });

/** The subjects of the grid's rows, top to bottom. */
function subjects(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.querySelector('[data-field="subject"]')?.textContent ?? '');
}

describe('the support inbox', () => {
  it("lists a page of tickets with the counts per status, each row's columns, and unread ones bold", async () => {
    const admin = mockAdmin(sampleInbox(30));
    signInStaff(admin, SATO);
    renderInbox();

    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['すべて', '受付中 10', '対応中 10', '完了 10']);
    expect(screen.getByRole('tab', { name: 'すべて' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '件名',
      '会員',
      'ステータス',
      '優先度',
      '担当',
      '未読',
      '最終更新',
    ]);

    // Newest activity first (sampleInbox: ticket 1 is open, normal, nobody's, read; ticket 2 in progress, high,
    // the signed-in staff member's, unread).
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByText('クレジットが反映されない')).toBeInTheDocument();
    expect(within(first).getByText('hoshino_mio')).toBeInTheDocument();
    expect(within(first).getByText('受付中')).toBeInTheDocument();
    expect(within(first).getByText('通常')).toBeInTheDocument();
    expect(within(first).getByText('未割り当て')).toBeInTheDocument();
    expect(within(first).getByText(/^2026年11月27日 \d\d:00$/)).toBeInTheDocument();
    expect(first).not.toHaveClass('ticket-unread');
    expect(within(second).getByText('ログインできません')).toBeInTheDocument();
    expect(within(second).getByText('対応中')).toBeInTheDocument();
    expect(within(second).getByText('高')).toBeInTheDocument();
    expect(within(second).getByText('sato@meguri.example（自分）')).toBeInTheDocument();
    expect(second).toHaveClass('ticket-unread');
    // A ticket whose member deleted the account.
    const seventh = within(table).getAllByRole('row')[7] as HTMLElement;
    expect(within(seventh).getByText('退会済みの会員')).toBeInTheDocument();
  });

  it('sends each filter to the gateway as exactly its query parameter, and keeps them in the URL', async () => {
    const admin = mockAdmin(sampleInbox(30));
    signInStaff(admin, SATO);
    const { user, location } = renderInbox();
    await grid();
    await waitFor(() => expect(admin.listQueries).toEqual(['?limit=25']));
    const lastQuery = () => admin.listQueries.at(-1);

    await user.click(screen.getByRole('tab', { name: /^受付中/ }));
    await waitFor(() => expect(lastQuery()).toBe('?status=open&limit=25'));
    expect(location.current).toBe('/admin/tickets?status=open');

    await user.selectOptions(screen.getByRole('combobox', { name: '優先度' }), '緊急');
    await waitFor(() => expect(lastQuery()).toBe('?status=open&priority=urgent&limit=25'));

    const assignee = screen.getByRole('combobox', { name: '担当' });
    expect(within(assignee).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '全員',
      '自分',
      '未割り当て',
      'sato@meguri.example（自分）',
      'tanaka@meguri.example',
      'suzuki@meguri.example（無効）',
    ]);
    await user.selectOptions(assignee, '自分');
    await waitFor(() => expect(lastQuery()).toBe('?status=open&priority=urgent&assignee=me&limit=25'));
    await user.selectOptions(assignee, '未割り当て');
    await waitFor(() => expect(lastQuery()).toBe('?status=open&priority=urgent&assignee=none&limit=25'));
    await user.selectOptions(assignee, 'tanaka@meguri.example');
    await waitFor(() => expect(lastQuery()).toBe(`?status=open&priority=urgent&assignee=${TANAKA.id}&limit=25`));

    await user.type(screen.getByRole('searchbox', { name: '件名で検索' }), ' ログイン ');
    await waitFor(
      () =>
        expect(lastQuery()).toBe(
          `?status=open&priority=urgent&assignee=${TANAKA.id}&q=%E3%83%AD%E3%82%B0%E3%82%A4%E3%83%B3&limit=25`,
        ),
      { timeout: 5000 },
    );
    // One request for the typed text, not one per character.
    expect(admin.listQueries.filter((query) => query.includes('q='))).toHaveLength(1);
    expect(location.current).toBe(
      `/admin/tickets?status=open&priority=urgent&assignee=${TANAKA.id}&q=+%E3%83%AD%E3%82%B0%E3%82%A4%E3%83%B3+`,
    );

    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    // Back to a query asked before: SWR may answer it from its cache within its dedupe interval, so
    // whether a request is sent again depends on timing; the URL and the filters are what must hold.
    await waitFor(() => expect(location.current).toBe('/admin/tickets?status=open'), { timeout: 5000 });
    expect(admin.listQueries).toContain('?status=open&limit=25');
    expect(screen.getByRole('searchbox', { name: '件名で検索' })).toHaveValue('');
  });

  it('reads the filters of the URL it is opened at (a bookmark, or the page a session came back to)', async () => {
    const admin = mockAdmin(sampleInbox(30));
    signInStaff(admin, SATO);
    renderInbox('/admin/tickets?status=in_progress&assignee=me&priority=bogus');

    const table = await grid();
    await waitFor(() => expect(admin.listQueries).toEqual(['?status=in_progress&assignee=me&limit=25']));
    expect(screen.getByRole('tab', { name: /^対応中/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('combobox', { name: '担当' })).toHaveValue('me');
    expect(screen.getByRole('combobox', { name: '優先度' })).toHaveValue('');
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1));
  });

  it("pages by the gateway's cursors: forward with the page's nextCursor, back to a page already seen", async () => {
    const admin = mockAdmin(sampleInbox(60));
    signInStaff(admin, SATO);
    const { user } = renderInbox();
    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(26));
    expect(screen.getByText('1–25件 / 25件以上')).toBeInTheDocument();
    const previous = screen.getByRole('button', { name: '前のページへ' });
    expect(previous).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(admin.listQueries).toHaveLength(2));
    const cursor1 = new URLSearchParams(admin.listQueries[1]).get('cursor');
    expect(cursor1).toEqual(expect.any(String));
    expect(admin.listQueries[1]).toBe(`?cursor=${cursor1}&limit=25`);
    await waitFor(() => expect(subjects(table)[0]).toBe('ログインできません（3件目）'));
    expect(screen.getByText('26–50件 / 50件以上')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(admin.listQueries).toHaveLength(3));
    const cursor2 = new URLSearchParams(admin.listQueries[2]).get('cursor');
    expect(cursor2).not.toBe(cursor1);
    // The last page: the total is known, and there is no next page.
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(11));
    expect(screen.getByText('51–60件 / 全60件')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '次のページへ' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '前のページへ' }));
    await waitFor(() => expect(screen.getByText('26–50件 / 50件以上')).toBeInTheDocument());
    // Page 2 is read with the cursor it was first read with (swr may answer from its cache meanwhile).
    expect(admin.listQueries.slice(3).every((query) => query === `?cursor=${cursor1}&limit=25`)).toBe(true);
    await waitFor(() => expect(subjects(table)[0]).toBe('ログインできません（3件目）'));
  });

  it('starts again at the first page, without a cursor, when a filter or the page size changes', async () => {
    const admin = mockAdmin(sampleInbox(60));
    signInStaff(admin, SATO);
    const { user } = renderInbox();
    await grid();
    await waitFor(() => expect(admin.listQueries).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(admin.listQueries).toHaveLength(2));

    await user.click(screen.getByRole('tab', { name: /^完了/ }));
    await waitFor(() => expect(admin.listQueries.at(-1)).toBe('?status=closed&limit=25'));
    expect(await screen.findByText('1–20件 / 全20件')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'すべて' }));
    await user.click(screen.getByRole('combobox', { name: /ページあたりの行数/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(admin.listQueries.at(-1)).toBe('?limit=50'));
  });

  it('opens a ticket from a click on its row', async () => {
    const admin = mockAdmin(sampleInbox(5));
    signInStaff(admin, SATO);
    const { user, location } = renderInbox();
    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));

    await user.click(within(table).getByText('出生時刻を修正したい'));
    expect(location.current).toBe(`/admin/tickets/${adminTicketId(4)}`);
  });

  it('opens the ticket of the focused row with Enter, moving there with the arrow keys', async () => {
    const admin = mockAdmin(sampleInbox(5));
    signInStaff(admin, SATO);
    const { user, location } = renderInbox();
    const table = await grid();
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(6));

    // The first column header is where Tab enters the grid; three rows down from there is the third ticket.
    const header = within(table).getAllByRole('columnheader')[0] as HTMLElement;
    act(() => header.focus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.closest('[role="row"]')).toHaveTextContent('今日の運勢が表示されない');
    await user.keyboard('{Enter}');
    expect(location.current).toBe(`/admin/tickets/${adminTicketId(3)}`);
  });

  it('says so when no ticket matches', async () => {
    const admin = mockAdmin(sampleInbox(3));
    signInStaff(admin, SATO);
    renderInbox('/admin/tickets?q=%E5%AD%98%E5%9C%A8%E3%81%97%E3%81%AA%E3%81%84');

    expect(await screen.findByText('該当するお問い合わせはありません')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['すべて', '受付中 0', '対応中 0', '完了 0']);
  });

  it("shows the gateway's refusal in its words (403 ADMIN_FORBIDDEN) with a way to try again, and stays", async () => {
    const admin = mockAdmin(sampleInbox(3));
    signInStaff(admin, TANAKA);
    server.use(
      http.get('/api/admin/tickets', () => apiError(403, 'ADMIN_FORBIDDEN', 'この操作を行う権限がありません'), { once: true }),
    );
    const { user, location } = renderInbox();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('この操作を行う権限がありません');
    expect(location.current).toBe('/admin/tickets');
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    expect(await grid()).toBeInTheDocument();
  });
});
