import { expect, test, type Page } from '@playwright/test';

import { markFirstRunSeen, newAccount, signUpThroughApi } from './support/accounts';
import { expectNoSeriousA11yViolations, shootViewports } from './support/helpers';
import { mailDir } from './support/mail';

/**
 * The shop against the real fleet (issue 16), with billing in development-checkout mode (no
 * STRIPE_SECRET_KEY): a new member buys a pack through the development checkout, which sends a locally
 * signed checkout.session.completed through billing's webhook code → the balance rises by the pack's
 * credits → /purchase-history lists the purchase as 完了 and the ledger has its 購入 line; a cancelled
 * checkout grants nothing and is listed as キャンセル; the 特定商取引法 page is reached from the shop.
 * Screenshots of /shop and /purchase-history at 390×844 and 1440×900.
 *
 * Needs E2E_BASE_URL and E2E_MAIL_DIR (the member verifies with the mailed code).
 */

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
});

/** The balance as /api/auth/user gives it. */
async function balanceOf(page: Page): Promise<number> {
  const user = (await (await page.request.get('/api/auth/user')).json()) as { credits: number | null };
  expect(user.credits, 'billing answers the balance').not.toBeNull();
  return user.credits ?? -1;
}

const shopBalance = (page: Page) => page.getByTestId('shop-balance');

test('a member buys a pack through the development checkout; a cancelled checkout grants nothing', async ({ page }) => {
  test.setTimeout(150_000);
  const account = newAccount('shop', { year: '1991', month: '3', day: '21', hour: '9', minute: '0' });
  await markFirstRunSeen(page);
  await signUpThroughApi(page, account);
  const before = await balanceOf(page);

  // Home's shop button leads to the shop.
  await page.goto('/');
  await page.getByRole('link', { name: 'ショップへ' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { name: 'ショップ', level: 1 })).toBeVisible();
  await expect(shopBalance(page)).toHaveText(`${before}クレジット`);
  await expect(
    page.getByRole('region', { name: '現在のクレジット' }).getByText('1クレジットでメグと1回お話しできます', { exact: true }),
  ).toBeVisible();
  await expect(page.getByText('開発用の決済モードです。購入しても実際の支払いは行われません。')).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(4);
  await expectNoSeriousA11yViolations(page, '/shop');

  // Buy 30クレジット × 2.
  await page.getByRole('radio', { name: '30クレジット' }).check();
  await page.getByRole('combobox', { name: '数量' }).selectOption('2');
  await expect(page.getByTestId('shop-total')).toHaveText('合計 ￥2,400（税込）・60クレジット');
  const checkoutResponse = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/shop/checkout',
  );
  await page.getByRole('button', { name: '購入する' }).click();
  const checkout = await checkoutResponse;
  expect(checkout.status(), await checkout.text()).toBe(200);
  const sent = checkout.request().postDataJSON() as { itemId: number; quantity: number; attemptId: string };
  expect(sent).toMatchObject({ itemId: 2, quantity: 2 });
  const { purchaseId } = (await checkout.json()) as { purchaseId: string };

  // The development checkout, inside the app.
  await expect(page).toHaveURL(new RegExp(`/shop/dev-checkout/${purchaseId}$`));
  await expect(page.getByRole('heading', { name: '開発用の決済', level: 1 })).toBeVisible();
  const summary = page.getByRole('region', { name: 'ご購入内容' });
  await expect(summary).toContainText('30クレジット');
  await expect(summary).toContainText('￥2,400（税込）');
  await expectNoSeriousA11yViolations(page, 'the development checkout');
  await page.getByRole('button', { name: '支払う（テスト）' }).click();

  // Back in the shop: completed, and the balance has risen by 60.
  await expect(page).toHaveURL(new RegExp(`/shop\\?purchase=${purchaseId}&result=success$`));
  await expect(page.getByText('購入が完了しました')).toBeVisible();
  await expect(page.getByText('60クレジットが追加されました。')).toBeVisible();
  await expect(shopBalance(page)).toHaveText(`${before + 60}クレジット`);
  expect(await balanceOf(page)).toBe(before + 60);

  // A second checkout, cancelled: nothing granted.
  await page.getByRole('button', { name: '閉じる' }).click();
  await page.getByRole('radio', { name: '10クレジット' }).check();
  await page.getByRole('button', { name: '購入する' }).click();
  await expect(page.getByRole('heading', { name: '開発用の決済', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'キャンセル' }).click();
  await expect(page).toHaveURL(/\/shop\?purchase=[0-9a-f-]+&result=cancel$/);
  await expect(page.getByText('購入をキャンセルしました')).toBeVisible();
  await expect(shopBalance(page)).toHaveText(`${before + 60}クレジット`);
  expect(await balanceOf(page)).toBe(before + 60);

  // The history: the cancelled one on top, then the completed one; the ledger's purchase line.
  await page.getByRole('navigation', { name: 'ショップのリンク' }).getByRole('link', { name: '購入履歴' }).click();
  await expect(page).toHaveURL(/\/purchase-history$/);
  const purchases = page.getByRole('list', { name: '購入の一覧' }).getByRole('listitem');
  await expect(purchases).toHaveCount(2);
  await expect(purchases.nth(0)).toContainText('10クレジット');
  await expect(purchases.nth(0)).toContainText('キャンセル');
  await expect(purchases.nth(0)).toContainText('クレジットの追加なし');
  await expect(purchases.nth(1)).toContainText('30クレジット × 2');
  await expect(purchases.nth(1)).toContainText('完了');
  await expect(purchases.nth(1)).toContainText('￥2,400（税込）');
  await expect(purchases.nth(1)).toContainText('60クレジット');
  await expect(purchases.nth(1)).toContainText(/\d{4}年\d{1,2}月\d{1,2}日 \d\d:\d\d/);

  const ledger = page.getByRole('table', { name: 'クレジットの履歴' });
  await expect(page.getByTestId('ledger-balance')).toHaveText(`現在の残高 ${before + 60}クレジット`);
  const newest = ledger.getByRole('row').nth(1);
  await expect(newest.getByRole('cell').nth(1)).toHaveText('購入');
  await expect(newest.getByRole('cell').nth(2)).toHaveText('+60');
  await expect(newest.getByRole('cell').nth(3)).toHaveText(String(before + 60));
  await expect(ledger.getByRole('cell', { name: '購入', exact: true })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, '/purchase-history');
  await shootViewports(page, 'purchase-history');

  await page.goto('/shop');
  await expect(page.getByRole('radio')).toHaveCount(4);
  await shootViewports(page, 'shop');
});

test('the 特定商取引法 page is reached from the shop and from the public footer', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const account = newAccount('toku', { year: '1985', month: '11', day: '2', hour: '18', minute: '30' });
  await markFirstRunSeen(page);
  await signUpThroughApi(page, account);

  await page.goto('/shop');
  await page.getByRole('link', { name: '特定商取引法に基づく表記' }).click();
  await expect(page).toHaveURL(/\/legal\/tokushoho$/);
  await expect(page.getByRole('heading', { name: '特定商取引法に基づく表記', level: 1 })).toBeVisible();
  await expect(page.getByRole('term')).toHaveCount(12);
  await expect(page.getByRole('definition').first()).toHaveText('株式会社メグリ');
  await expectNoSeriousA11yViolations(page, '/legal/tokushoho');
  await page.getByRole('link', { name: 'ショップへ戻る' }).click();
  await expect(page).toHaveURL(/\/shop$/);

  // A visitor who is not signed in: from the landing page's footer.
  const visitor = await browser.newContext({ baseURL: process.env.E2E_BASE_URL ?? '', locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
  const visitorPage = await visitor.newPage();
  await markFirstRunSeen(visitorPage);
  await visitorPage.goto('/');
  await visitorPage.getByRole('contentinfo').getByRole('link', { name: '特定商取引法に基づく表記' }).click();
  await expect(visitorPage.getByRole('heading', { name: '特定商取引法に基づく表記', level: 1 })).toBeVisible();
  await expect(visitorPage.getByRole('link', { name: 'トップページへ戻る' })).toBeVisible();
  await visitor.close();
});
