import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { AuditLogScreen } from '@/features/admin/components/audit-log-screen';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { apiError } from '@/testing/mocks/accounts';
import { adminTicketId, memberId, mockAdmin, SATO, signInStaff, TANAKA } from '@/testing/mocks/admin';
import { mockAudit, sampleAuditLog } from '@/testing/mocks/admin-ops';
import { server } from '@/testing/mocks/server';
import { renderAdmin } from '@/testing/test-utils';

/** The audit log as the admin build shows it: inside the guard and the shell. */
function renderAuditLog(route = '/admin/audit-log') {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <AuditLogScreen />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route },
  );
}

const grid = () => screen.findByRole('grid', { name: '監査ログ' });

/** The grid's data rows, top to bottom. */
const rows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

/** One row's cell of `field`. */
function cell(row: HTMLElement, field: string): HTMLElement {
  const found = row.querySelector<HTMLElement>(`[data-field="${field}"]`);
  if (!found) throw new Error(`no ${field} cell`);
  return found;
}

/** The screen 390 px wide: MUI's media queries (jsdom has no matchMedia) answer as a phone's would. */
function atPhoneWidth() {
  const width = 390;
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query)?.[1];
    const min = /min-width:\s*([\d.]+)px/.exec(query)?.[1];
    const matches = (max === undefined || width <= Number(max)) && (min === undefined || width >= Number(min));
    return { matches, media: query, onchange: null, addEventListener: () => {}, removeEventListener: () => {} };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

function setup(count = 12) {
  const admin = mockAdmin();
  signInStaff(admin, SATO);
  const audit = mockAudit(admin, sampleAuditLog(count));
  return { admin, audit };
}

describe('the audit log', () => {
  it('lists the entries newest first: Japan time, the staff member, the action and target in words, the change, the reason', async () => {
    setup();
    renderAuditLog();

    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(12));
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '日時',
      'スタッフ',
      '操作',
      '対象',
      '変更',
      '理由',
    ]);

    const [assign, status, priority, reply, credits, retry, role, deactivate, signIn] = rows(table) as HTMLElement[];
    // 12:00 UTC is 21:00 in Japan.
    expect(cell(assign!, 'at')).toHaveTextContent('2026年11月28日 21:00');
    expect(cell(assign!, 'actor')).toHaveTextContent('sato@meguri.example');
    expect(cell(assign!, 'action')).toHaveTextContent('担当の変更');
    expect(cell(assign!, 'change')).toHaveTextContent('未割り当て → tanaka@meguri.example');
    expect(within(cell(assign!, 'target')).getByText('お問い合わせ')).toBeInTheDocument();
    expect(within(cell(assign!, 'target')).getByRole('link')).toHaveAttribute('href', `/admin/tickets/${adminTicketId(1)}`);

    expect(cell(status!, 'actor')).toHaveTextContent('tanaka@meguri.example');
    expect(cell(status!, 'action')).toHaveTextContent('ステータスの変更');
    expect(cell(status!, 'change')).toHaveTextContent('受付中 → 対応中');
    expect(cell(priority!, 'action')).toHaveTextContent('優先度の変更');
    expect(cell(priority!, 'change')).toHaveTextContent('通常 → 緊急');
    expect(cell(reply!, 'action')).toHaveTextContent('返信');
    expect(cell(reply!, 'change')).toHaveTextContent(/^$/);

    expect(cell(credits!, 'action')).toHaveTextContent('クレジット調整');
    expect(cell(credits!, 'change')).toHaveTextContent('120 → 1,120');
    expect(cell(credits!, 'reason')).toHaveTextContent('決済の二重請求に対する返金分');
    expect(within(cell(credits!, 'target')).getByText('会員')).toBeInTheDocument();
    expect(within(cell(credits!, 'target')).getByRole('link')).toHaveAttribute('href', `/admin/users/${memberId(1)}`);
    expect(cell(retry!, 'action')).toHaveTextContent('命式の再作成');

    expect(cell(role!, 'action')).toHaveTextContent('権限の変更');
    expect(cell(role!, 'change')).toHaveTextContent('サポート → 管理者');
    const staffLink = within(cell(role!, 'target')).getByRole('link', { name: 'tanaka@meguri.example' });
    expect(staffLink).toHaveAttribute('href', '/admin/staff');
    expect(cell(deactivate!, 'action')).toHaveTextContent('スタッフ無効化');
    expect(within(cell(deactivate!, 'target')).getByRole('link', { name: 'suzuki@meguri.example' })).toBeInTheDocument();
    expect(cell(signIn!, 'action')).toHaveTextContent('ログイン');
  });

  it("opens an entry's target with Enter on its row, moving there with the arrow keys", async () => {
    setup(5);
    const { user, location } = renderAuditLog();
    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(5));

    // The first column header is where Tab enters the grid; five rows down is the credit adjustment.
    const header = within(table).getAllByRole('columnheader')[0] as HTMLElement;
    act(() => header.focus());
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.closest('[role="row"]')).toHaveTextContent('クレジット調整');
    await user.keyboard('{Enter}');
    expect(location.current).toBe(`/admin/users/${memberId(1)}`);
  });

  it('follows a target link with a click', async () => {
    setup(3);
    const { user, location } = renderAuditLog();
    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(3));

    await user.click(within(cell(rows(table)[1] as HTMLElement, 'target')).getByRole('link'));
    expect(location.current).toBe(`/admin/tickets/${adminTicketId(2)}`);
  });

  it('sends each filter to the gateway as exactly its query parameter, keeps them in the URL, and clears them', async () => {
    const { audit } = setup(30);
    const { user, location } = renderAuditLog();
    await grid();
    await waitFor(() => expect(audit.queries).toEqual(['?limit=25']));
    const lastQuery = () => audit.queries.at(-1);

    const actor = screen.getByRole('combobox', { name: 'スタッフ' });
    expect(within(actor).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'すべて',
      'sato@meguri.example',
      'tanaka@meguri.example',
      'suzuki@meguri.example（無効）',
    ]);
    await user.selectOptions(actor, 'tanaka@meguri.example');
    await waitFor(() => expect(lastQuery()).toBe(`?actor=${TANAKA.id}&limit=25`));
    expect(location.current).toBe(`/admin/audit-log?actor=${TANAKA.id}`);

    const action = screen.getByRole('combobox', { name: '操作' });
    expect(within(action).getAllByRole('option')).toHaveLength(13);
    await user.selectOptions(action, 'ステータスの変更');
    await waitFor(() => expect(lastQuery()).toBe(`?actor=${TANAKA.id}&action=ticket.status&limit=25`));

    await user.selectOptions(screen.getByRole('combobox', { name: '対象の種類' }), 'お問い合わせ');
    await waitFor(() => expect(lastQuery()).toBe(`?actor=${TANAKA.id}&action=ticket.status&targetType=ticket&limit=25`));

    // An id is sent once it is a whole UUID, not at every character.
    const sent = audit.queries.length;
    const targetId = screen.getByRole('textbox', { name: '対象ID' });
    await user.type(targetId, adminTicketId(2).slice(0, 20));
    expect(screen.getByText('UUIDの形式で入力してください')).toBeInTheDocument();
    await user.type(targetId, adminTicketId(2).slice(20));
    await waitFor(() =>
      expect(lastQuery()).toBe(`?actor=${TANAKA.id}&action=ticket.status&targetType=ticket&targetId=${adminTicketId(2)}&limit=25`),
    );
    expect(audit.queries.length).toBe(sent + 1);
    expect(screen.queryByText('UUIDの形式で入力してください')).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('期間（開始）'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(lastQuery()).toContain('&from=2026-11-01&limit=25'));
    fireEvent.change(screen.getByLabelText('期間（終了）'), { target: { value: '2026-11-28' } });
    await waitFor(() =>
      expect(lastQuery()).toBe(
        `?actor=${TANAKA.id}&action=ticket.status&targetType=ticket&targetId=${adminTicketId(2)}&from=2026-11-01&to=2026-11-28&limit=25`,
      ),
    );
    expect(location.current).toBe(
      `/admin/audit-log?actor=${TANAKA.id}&action=ticket.status&targetType=ticket&targetId=${adminTicketId(2)}&from=2026-11-01&to=2026-11-28`,
    );
    // Ticket 2's status changes by 田中: entries 2 (2026-11-28 18:00 in Japan) and 20 (2026-11-26 12:00).
    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(2));
    expect(rows(table).map((row) => cell(row, 'at').textContent)).toEqual(['2026年11月28日 18:00', '2026年11月26日 12:00']);
    expect(cell(rows(table)[0] as HTMLElement, 'change')).toHaveTextContent('受付中 → 対応中');

    await user.click(screen.getByRole('button', { name: '条件をクリア' }));
    await waitFor(() => expect(location.current).toBe('/admin/audit-log'));
    // The drawer closes with a transition; until it has, the page behind it is hidden from the
    // accessibility tree (a slow machine sees that moment), so the fields are looked up again.
    await waitFor(() => expect(screen.getByRole('textbox', { name: '対象ID' })).toHaveValue(''));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'スタッフ' })).toHaveValue(''));
    await waitFor(() => expect(rows(table)).toHaveLength(25));
  });

  it('reads the filters of the URL it is opened at (a link from another screen), dropping what the gateway would refuse', async () => {
    const { audit } = setup(30);
    renderAuditLog(`/admin/audit-log?targetType=member&targetId=${memberId(1)}&action=bogus&from=2026-02-30`);

    const table = await grid();
    await waitFor(() => expect(audit.queries).toEqual([`?targetType=member&targetId=${memberId(1)}&limit=25`]));
    expect(screen.getByRole('combobox', { name: '対象の種類' })).toHaveValue('member');
    expect(screen.getByRole('textbox', { name: '対象ID' })).toHaveValue(memberId(1));
    expect(screen.getByRole('combobox', { name: '操作' })).toHaveValue('');
    expect(screen.getByLabelText('期間（開始）')).toHaveValue('');
    // Entries 5, 14 and 23 adjusted member 1's credits.
    await waitFor(() => expect(rows(table)).toHaveLength(3));
  });

  it('empties the fields when the navigation leads back to the whole log', async () => {
    const { audit } = setup(30);
    const { user, location } = renderAuditLog(`/admin/audit-log?actor=${SATO.id}&targetId=${memberId(1)}`);
    await grid();
    expect(screen.getByRole('textbox', { name: '対象ID' })).toHaveValue(memberId(1));

    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    await user.click(within(await screen.findByRole('presentation')).getByRole('link', { name: '監査ログ' }));

    await waitFor(() => expect(location.current).toBe('/admin/audit-log'));
    // The drawer closes with a transition; until it has, the page behind it is hidden from the
    // accessibility tree (a slow machine sees that moment), so the fields are looked up again.
    await waitFor(() => expect(screen.getByRole('textbox', { name: '対象ID' })).toHaveValue(''));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'スタッフ' })).toHaveValue(''));
    await waitFor(() => expect(audit.queries.at(-1)).toBe('?limit=25'));
  });

  it('finds the entries of a period by Japan day, both ends included, and flags a period that runs backwards', async () => {
    const { audit } = setup(30);
    // Entries every 3 hours back from 2026-11-28 21:00 in Japan: 2026-11-27 is entries 8 to 15.
    renderAuditLog('/admin/audit-log?from=2026-11-27&to=2026-11-27');
    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(8));
    expect(cell(rows(table)[0] as HTMLElement, 'at')).toHaveTextContent('2026年11月27日 21:00');
    expect(cell(rows(table)[7] as HTMLElement, 'at')).toHaveTextContent('2026年11月27日 00:00');

    fireEvent.change(screen.getByLabelText('期間（開始）'), { target: { value: '2026-11-28' } });
    await waitFor(() => expect(audit.queries.at(-1)).toBe('?from=2026-11-28&to=2026-11-27&limit=25'));
    expect(screen.getByText('終了日は開始日以降にしてください')).toBeInTheDocument();
    expect(await screen.findByText('該当する記録はありません')).toBeInTheDocument();
  });

  it("pages by the gateway's cursors, and a filter change starts again at the first page", async () => {
    const { audit } = setup(60);
    const { user } = renderAuditLog();
    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(25));
    expect(screen.getByText('1–25件 / 25件以上')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(audit.queries).toHaveLength(2));
    const cursor1 = new URLSearchParams(audit.queries[1]).get('cursor');
    expect(audit.queries[1]).toBe(`?cursor=${cursor1}&limit=25`);
    await waitFor(() => expect(screen.getByText('26–50件 / 50件以上')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: '次のページへ' }));
    await waitFor(() => expect(screen.getByText('51–60件 / 全60件')).toBeInTheDocument());
    expect(rows(table)).toHaveLength(10);
    expect(screen.getByRole('button', { name: '次のページへ' })).toBeDisabled();

    await user.selectOptions(screen.getByRole('combobox', { name: 'スタッフ' }), 'sato@meguri.example');
    await waitFor(() => expect(audit.queries.at(-1)).toBe(`?actor=${SATO.id}&limit=25`));
    expect(await screen.findByText('1–25件 / 25件以上')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '前のページへ' })).toBeDisabled();

    await user.click(screen.getByRole('combobox', { name: /ページあたりの行数/ }));
    await user.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(audit.queries.at(-1)).toBe(`?actor=${SATO.id}&limit=50`));
  });

  it('keeps what identifies an entry on a phone, leaving out the change and the reason', async () => {
    atPhoneWidth();
    setup(3);
    renderAuditLog();

    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(3));
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '日時',
      'スタッフ',
      '操作',
      '対象',
    ]);
  });

  it('says so when no entry matches', async () => {
    setup(3);
    renderAuditLog('/admin/audit-log?action=staff.create');
    expect(await screen.findByText('該当する記録はありません')).toBeInTheDocument();
  });

  it("shows the gateway's refusal in its words with a way to try again", async () => {
    setup(3);
    server.use(
      http.get('/api/admin/audit', () => apiError(400, 'INVALID_DATE', '日付は YYYY-MM-DD の形式で指定してください'), { once: true }),
    );
    const { user } = renderAuditLog();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('日付は YYYY-MM-DD の形式で指定してください');
    await user.click(within(alert).getByRole('button', { name: 'もう一度読み込む' }));
    const table = await grid();
    await waitFor(() => expect(rows(table)).toHaveLength(3));
  });
});
