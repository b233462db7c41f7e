import { expect, type Page } from '@playwright/test';

/** The staff account of the fleet under test (deploy/dev/e2e.sh creates one); empty when not given. */
export const ADMIN_EMAIL = process.env.E2E_ADMIN_EMAIL ?? '';
export const ADMIN_PASSWORD = process.env.E2E_ADMIN_PASSWORD ?? '';

/** Fills the admin build's login form (at /admin/login) without sending it. */
export async function fillStaffLogin(page: Page, email: string, password: string): Promise<void> {
  const form = page.getByRole('form', { name: '管理者ログイン' });
  await form.getByRole('textbox', { name: 'メールアドレス' }).fill(email);
  await form.locator('input[autocomplete="current-password"]').fill(password);
}

/** Signs in through /admin/login and waits until the admin build has left the login (for the dashboard). */
export async function signInAsStaff(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login');
  await fillStaffLogin(page, email, password);
  await page.getByRole('form', { name: '管理者ログイン' }).getByRole('button', { name: 'ログイン' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
