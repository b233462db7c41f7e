import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { AdminLayout } from '@/features/admin/components/admin-layout';
import { RequireAdminSession } from '@/features/admin/components/require-admin-session';
import { StaffScreen } from '@/features/admin/components/staff-screen';
import { apiError } from '@/testing/mocks/accounts';
import { mockAdmin, SATO, signInStaff, SUZUKI, TANAKA, type MockStaff } from '@/testing/mocks/admin';
import { mockStaffAdmin } from '@/testing/mocks/admin-ops';
import { server } from '@/testing/mocks/server';
import { renderAdmin, toastSaying } from '@/testing/test-utils';

/** The staff screen as the admin build shows it: inside the guard and the shell. */
function renderStaff() {
  return renderAdmin(
    <Routes>
      <Route path="/admin/login" element={<p>管理者ログイン</p>} />
      <Route
        path="*"
        element={
          <RequireAdminSession>
            <AdminLayout>
              <StaffScreen />
            </AdminLayout>
          </RequireAdminSession>
        }
      />
    </Routes>,
    { route: '/admin/staff' },
  );
}

function setup(viewer: MockStaff = SATO) {
  const admin = mockAdmin();
  signInStaff(admin, viewer);
  const staff = mockStaffAdmin(admin);
  return { admin, staff, ...renderStaff() };
}

/** Holds every request to `path` a moment before the mock answers it, so a second click lands while it is on its way. */
/**
 * Holds every `method` request to `path` until the returned `release` is called (then the usual mock
 * answers it), so what a screen shows while a change is on its way is looked at for sure, however slow
 * the machine.
 */
function slowly(method: 'post' | 'patch', path: string): () => void {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](path, async () => {
      await held;
    }),
  );
  return () => release();
}

const table = () => screen.findByRole('table', { name: 'スタッフ一覧' });

/** The table's row of the account with `email`. */
async function rowOf(email: string): Promise<HTMLElement> {
  const rows = within(await table()).getAllByRole('row');
  const row = rows.find((one) => one.querySelector('td')?.textContent?.startsWith(email));
  if (!row) throw new Error(`no row for ${email}`);
  return row;
}

/** The texts of a row's cells. */
const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

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

describe('the staff screen for an admin', () => {
  it("lists the accounts with their role, state, last sign-in and date added, and the viewer's own row without controls", async () => {
    setup(SATO);

    const list = await table();
    expect(within(list).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'メールアドレス',
      '権限',
      '状態',
      '最終ログイン',
      '追加日',
      '操作',
    ]);
    // Times in Japan: 2026-11-27 23:40 UTC is 08:40 the next morning.
    const me = await rowOf(SATO.email);
    expect(cells(me)).toEqual([
      'sato@meguri.example（自分）',
      '管理者',
      '有効',
      '2026年11月28日 08:40',
      '2026年4月1日',
      '自分自身は変更できません',
    ]);
    expect(within(me).queryByRole('button')).not.toBeInTheDocument();
    expect(within(me).queryByRole('combobox')).not.toBeInTheDocument();

    const tanaka = await rowOf(TANAKA.email);
    expect(within(tanaka).getByRole('combobox', { name: 'tanaka@meguri.example の権限' })).toHaveValue('support');
    expect(within(tanaka).getByRole('button', { name: 'tanaka@meguri.example を無効化' })).toBeEnabled();
    const suzuki = await rowOf(SUZUKI.email);
    expect(cells(suzuki).slice(0, 3)).toEqual(['suzuki@meguri.example', 'サポート', '無効']);
    expect(within(suzuki).getByRole('button', { name: 'suzuki@meguri.example を再有効化' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'スタッフを追加' })).toBeInTheDocument();
  });

  it('adds an account: e-mail, role and first password, sent once however often the button is clicked', async () => {
    const { user, admin, staff } = setup(SATO);
    const release = slowly('post', '/api/admin/staff');
    await table();

    await user.click(screen.getByRole('button', { name: 'スタッフを追加' }));
    const dialog = await screen.findByRole('dialog', { name: 'スタッフを追加' });
    expect(within(dialog).getByText(/本人には別の手段（対面や電話など）で伝えてください/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /メールアドレス/ }), ' yamada@meguri.example ');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: '権限' }), '管理者');
    await user.type(within(dialog).getByLabelText(/初期パスワード/, { selector: 'input' }), 'hajimete-2026');
    await user.dblClick(within(dialog).getByRole('button', { name: '追加する' }));
    expect(within(dialog).getByRole('button', { name: '追加中...' })).toBeDisabled();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(staff.created).toEqual([{ email: 'yamada@meguri.example', role: 'admin', password: 'hajimete-2026' }]);
    expect(toastSaying('yamada@meguri.example を追加しました')).toBeInTheDocument();
    // The list is read again: the new account sits in it, by e-mail.
    const added = await waitFor(() => rowOf('yamada@meguri.example'));
    expect(cells(added).slice(0, 4)).toEqual(['yamada@meguri.example', '管理者', '有効', '未ログイン']);
    expect(admin.staff.map((member) => member.email)).toEqual([
      'sato@meguri.example',
      'suzuki@meguri.example',
      'tanaka@meguri.example',
      'yamada@meguri.example',
    ]);
  });

  it('checks the first password before sending, and shows the gateway refusing a taken or malformed e-mail', async () => {
    const { user, staff } = setup(SATO);
    await table();
    await user.click(screen.getByRole('button', { name: 'スタッフを追加' }));
    const dialog = await screen.findByRole('dialog', { name: 'スタッフを追加' });
    const email = within(dialog).getByRole('textbox', { name: /メールアドレス/ });
    const password = within(dialog).getByLabelText(/初期パスワード/, { selector: 'input' });

    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(within(dialog).getByText('メールアドレスを入力してください')).toBeInTheDocument();
    expect(within(dialog).getByText('パスワードは8文字以上で入力してください')).toBeInTheDocument();
    await user.type(email, 'tanaka@meguri.example');
    await user.type(password, 'short');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(within(dialog).getByText('パスワードは8文字以上で入力してください')).toBeInTheDocument();
    expect(staff.created).toEqual([]);

    await user.type(password, '-enough');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('このメールアドレスのスタッフはすでに登録されています');

    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: '追加する' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('メールアドレスの形式が正しくありません'));
    expect(staff.created).toHaveLength(2);
    // The form stays as typed, ready to be sent again, and cancelling adds nothing.
    expect(password).toHaveValue('short-enough');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(await table()).getAllByRole('row')).toHaveLength(4);
  });

  it('deactivates an account after confirming, once however often the button is clicked', async () => {
    const { user, staff } = setup(SATO);
    const release = slowly('patch', '/api/admin/staff/:id');

    await user.click(within(await rowOf(TANAKA.email)).getByRole('button', { name: /を無効化$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'スタッフを無効化しますか？' });
    expect(dialog).toHaveTextContent('tanaka@meguri.example を無効にします');
    await user.dblClick(within(dialog).getByRole('button', { name: '無効化する' }));
    expect(within(dialog).getByRole('button', { name: '処理中...' })).toBeDisabled();
    release();

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(staff.changes).toEqual([{ isActive: false, adminId: TANAKA.id }]);
    await waitFor(async () => expect(cells(await rowOf(TANAKA.email))[2]).toBe('無効'));
    expect(within(await rowOf(TANAKA.email)).getByRole('button', { name: /を再有効化$/ })).toBeInTheDocument();
    expect(toastSaying('tanaka@meguri.example を無効化しました')).toBeInTheDocument();
  });

  it('reactivates a deactivated account after confirming, and sends nothing when the confirmation is cancelled', async () => {
    const { user, staff } = setup(SATO);

    await user.click(within(await rowOf(SUZUKI.email)).getByRole('button', { name: /を再有効化$/ }));
    let dialog = await screen.findByRole('dialog', { name: 'スタッフを再有効化しますか？' });
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(staff.changes).toEqual([]);

    await user.click(within(await rowOf(SUZUKI.email)).getByRole('button', { name: /を再有効化$/ }));
    dialog = await screen.findByRole('dialog', { name: 'スタッフを再有効化しますか？' });
    await user.click(within(dialog).getByRole('button', { name: '再有効化する' }));

    await waitFor(() => expect(staff.changes).toEqual([{ isActive: true, adminId: SUZUKI.id }]));
    await waitFor(async () => expect(cells(await rowOf(SUZUKI.email))[2]).toBe('有効'));
    expect(within(await rowOf(SUZUKI.email)).getByRole('button', { name: /を無効化$/ })).toBeInTheDocument();
  });

  it('changes a role at once, every control waiting while the change is on its way', async () => {
    const { user, staff } = setup(SATO);
    const release = slowly('patch', '/api/admin/staff/:id');

    const select = within(await rowOf(TANAKA.email)).getByRole('combobox', { name: 'tanaka@meguri.example の権限' });
    await user.selectOptions(select, '管理者');
    expect(select).toBeDisabled();
    expect(within(await rowOf(SUZUKI.email)).getByRole('button', { name: /を再有効化$/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'スタッフを追加' })).toBeDisabled();
    release();

    await waitFor(() => expect(staff.changes).toEqual([{ role: 'admin', adminId: TANAKA.id }]));
    await waitFor(async () => expect(cells(await rowOf(TANAKA.email))[1]).toBe('管理者'));
    expect(select).toHaveValue('admin');
    expect(select).toBeEnabled();
    expect(toastSaying('tanaka@meguri.example の権限を管理者に変更しました')).toBeInTheDocument();
  });

  it("shows the gateway's refusal in its words and leaves the account as it was", async () => {
    const { user, staff } = setup(SATO);
    server.use(
      http.patch(
        '/api/admin/staff/:id',
        () => apiError(409, 'STAFF_SELF_CHANGE', '自分自身のアカウントを無効化したり権限を下げたりすることはできません'),
        { once: true },
      ),
    );

    await user.selectOptions(within(await rowOf(TANAKA.email)).getByRole('combobox', { name: /の権限$/ }), '管理者');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      '自分自身のアカウントを無効化したり権限を下げたりすることはできません',
    );
    expect(staff.changes).toEqual([]);
    expect(cells(await rowOf(TANAKA.email))[1]).toBe('サポート');
    expect(within(await rowOf(TANAKA.email)).getByRole('combobox', { name: /の権限$/ })).toHaveValue('support');
  });

  it('keeps the e-mail, role and state on a phone, leaving out the dates', async () => {
    atPhoneWidth();
    setup(SATO);

    const list = await table();
    expect(within(list).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'メールアドレス',
      '権限',
      '状態',
      '操作',
    ]);
  });
});

describe('the staff screen for support', () => {
  it('lists the accounts read-only, saying that only administrators manage staff', async () => {
    setup(TANAKA);

    const list = await table();
    expect(screen.getByText(/スタッフの追加や変更は管理者のみが行えます/)).toBeInTheDocument();
    expect(within(list).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'メールアドレス',
      '権限',
      '状態',
      '最終ログイン',
      '追加日',
    ]);
    expect(within(list).getAllByRole('row')).toHaveLength(4);
    expect(cells(await rowOf(TANAKA.email))[0]).toBe('tanaka@meguri.example（自分）');
    expect(screen.queryByRole('button', { name: 'スタッフを追加' })).not.toBeInTheDocument();
    expect(within(list).queryByRole('button')).not.toBeInTheDocument();
    expect(within(list).queryByRole('combobox')).not.toBeInTheDocument();
  });
});

describe('the mocked staff routes', () => {
  it('refuse a support caller (403) and an admin changing their own account (409), as the gateway does', async () => {
    const admin = mockAdmin();
    const support = signInStaff(admin, TANAKA);
    const staff = mockStaffAdmin(admin);
    const send = (token: string, method: string, path: string, body: unknown) =>
      fetch(new URL(path, window.location.origin), {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });

    const created = await send(support.token, 'POST', '/api/admin/staff', { email: 'x@meguri.example', role: 'support', password: 'password-1' });
    expect(created.status).toBe(403);
    expect(await created.json()).toMatchObject({ code: 'ADMIN_FORBIDDEN' });

    const own = signInStaff(admin, SATO);
    const demoted = await send(own.token, 'PATCH', `/api/admin/staff/${SATO.id}`, { role: 'support' });
    expect(demoted.status).toBe(409);
    expect(await demoted.json()).toMatchObject({ code: 'STAFF_SELF_CHANGE' });
    expect(staff.changes).toHaveLength(1);
    expect(admin.staff.find((member) => member.id === SATO.id)?.role).toBe('admin');
  });
});
