import { expect, test } from '@playwright/test';

import { env } from '../src/config/env';
import { skipIntro } from './support/helpers';

const { operator } = env;

/** The footer's legal modals and links on the landing page. */

test.beforeEach(async ({ page }) => {
  await skipIntro(page);
  await page.goto('/');
});

for (const title of ['プライバシーポリシー', '利用規約']) {
  test(`the ${title} opens as a titled, scrollable modal and closes again`, async ({ page }) => {
    const footer = page.getByRole('contentinfo');
    const opener = footer.getByRole('button', { name: title });
    await opener.click();

    const dialog = page.getByRole('dialog', { name: new RegExp(title) });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: new RegExp(title) })).toBeVisible();
    await expect(dialog).toContainText('最終改定日 2025年9月27日');
    // The build's operator (config/env.ts: the default, unless MEGURI_OPERATOR_* are set for the
    // build and this run alike) is named and its site given.
    await expect(dialog).toContainText(`${operator.name}（以下「運営者」といいます。）`);
    await expect(dialog).toContainText(`運営者のウェブサイト: ${operator.url}`);

    const body = page.getByTestId('legal-dialog-body');
    const { scrollHeight, clientHeight } = await body.evaluate((el) => ({ scrollHeight: el.scrollHeight, clientHeight: el.clientHeight }));
    expect(scrollHeight).toBeGreaterThan(clientHeight);
    // The body scrolls with the keyboard.
    await body.focus();
    await page.keyboard.press('End');
    await expect.poll(() => body.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: '閉じる' }).last().click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
}

test('the terms cap liability at the payments of the last 12 months', async ({ page }) => {
  await page.getByRole('contentinfo').getByRole('button', { name: '利用規約' }).click();
  await expect(page.getByRole('dialog')).toContainText('過去12か月間に利用者が運営者に支払った利用料金の総額を上限');
});

test('the privacy policy says how birth data, cookies and analytics are handled', async ({ page }) => {
  await page.getByRole('contentinfo').getByRole('button', { name: 'プライバシーポリシー' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('生年月日・出生時刻・出生地');
  await expect(dialog).toContainText('セッション Cookie');
  await expect(dialog).toContainText('同意した場合にのみ');
  await expect(dialog).toContainText('アカウントを削除');
});

test('the footer names the operator and links to its site and to the about page', async ({ page }) => {
  const footer = page.getByRole('contentinfo');
  const operatorLink = footer.getByRole('link', { name: /運営者サイト/ });
  await expect(operatorLink).toHaveAttribute('href', operator.url);
  await expect(operatorLink).toHaveAttribute('target', '_blank');
  await expect(footer).toContainText(operator.name);
  await footer.getByRole('link', { name: '巡りについて' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: '巡りについて', level: 1 })).toBeVisible();
});
