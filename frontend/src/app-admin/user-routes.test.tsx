import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { AdminRoutes } from '@/app-admin/router';
import { memberId, mockAdmin, SATO, signInStaff } from '@/testing/mocks/admin';
import { mockAdminUsers, sampleMembers } from '@/testing/mocks/admin-users';
import { renderAdmin } from '@/testing/test-utils';

describe('the member screens in the admin build', () => {
  it('goes from a search to a member and back to the same search', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockAdminUsers(admin, { users: sampleMembers(12) });
    const { user, location } = renderAdmin(<AdminRoutes />, { route: '/admin/users?q=sora' });

    expect(await screen.findByRole('heading', { level: 1, name: 'ユーザー' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: '会員一覧' });
    await user.click(await within(table).findByText('sora_20242'));

    expect(await screen.findByRole('heading', { level: 1, name: 'sora_20242' })).toBeInTheDocument();
    expect(location.current).toBe(`/admin/users/${memberId(11)}`);
    await user.click(screen.getByRole('link', { name: 'ユーザー一覧へ' }));

    await waitFor(() => expect(location.current).toBe('/admin/users?q=sora'));
    expect(await screen.findByRole('searchbox', { name: 'ID・メールアドレス・ユーザー名で検索' })).toHaveValue('sora');
  });

  it('opens a member page from its address, with the way back to the whole list', async () => {
    const admin = mockAdmin();
    signInStaff(admin, SATO);
    mockAdminUsers(admin, { users: sampleMembers(3) });
    const { user, location } = renderAdmin(<AdminRoutes />, { route: `/admin/users/${memberId(2)}` });

    expect(await screen.findByRole('heading', { level: 1, name: 'tsukikage' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'ユーザー一覧へ' }));
    await waitFor(() => expect(location.current).toBe('/admin/users'));
    expect(await screen.findByRole('grid', { name: '会員一覧' })).toBeInTheDocument();
  });
});
