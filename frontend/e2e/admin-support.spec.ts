import { expect, test } from '@playwright/test';

import { ADMIN_EMAIL, ADMIN_PASSWORD, signInAsStaff } from './support/admin';
import { shootViewports } from './support/helpers';

/**
 * The admin build's support inbox against the real fleet (issue 25), as far as the gateway serves it today:
 * a staff member signs in at /admin/login and the inbox at /admin/tickets shows its grid. Screenshots:
 * test-results/screenshots/admin-inbox-{phone,desktop}.png.
 *
 * Needs E2E_BASE_URL and a staff account of that fleet: E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (skipped
 * without them; deploy/dev/e2e.sh creates one). The whole member ↔ staff journey is admin-journey.spec.ts.
 */

test.describe('the admin support inbox', () => {
  test.skip(
    ADMIN_EMAIL === '' || ADMIN_PASSWORD === '',
    'needs a staff account of the fleet under test: set E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD',
  );

  test('a staff member signs in and sees the inbox', async ({ page }) => {
    await signInAsStaff(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    // The token lives in this tab's sessionStorage only.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('meguri:admin')))).toEqual(
      [],
    );

    await page.getByRole('link', { name: 'お問い合わせ' }).first().click();
    await expect(page).toHaveURL(/\/admin\/tickets$/);
    await expect(page.getByRole('heading', { level: 1, name: 'お問い合わせ' })).toBeVisible();
    await expect(page.getByRole('grid', { name: 'お問い合わせ一覧' })).toBeVisible();
    await expect(page.getByText(/^セッション残り \d+分$/)).toBeVisible();
    await shootViewports(page, 'admin-inbox');
  });
});
