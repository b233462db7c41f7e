import { expect, test, type Page } from '@playwright/test';

import { ADMIN_EMAIL, ADMIN_PASSWORD, signInAsStaff } from './support/admin';
import { newAccount, newPerson, signUpThroughApi } from './support/accounts';
import { expectNoSeriousA11yViolations, pickDate, SCREENSHOT_DIR, shootViewports } from './support/helpers';

/**
 * Analytics with consent (issue 26) against the real fleet: a visitor answers the notice and is counted
 * (pages, a landing calculation); another says no and is not; a member turns analytics on in /settings and
 * is counted; staff roll today up from the dashboard and read the figures in its charts.
 * Screenshots (test-results/screenshots/): analytics-notice, admin-analytics (-phone, -desktop).
 *
 * Needs E2E_BASE_URL and an admin account: E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (deploy/dev/e2e.sh).
 */

const ZONE = 'Asia/Tokyo';

test.describe.configure({ mode: 'serial' });
test.skip(ADMIN_EMAIL === '' || ADMIN_PASSWORD === '', 'needs E2E_ADMIN_EMAIL and E2E_ADMIN_PASSWORD (an admin)');

/** Today in Japan (YYYY-MM-DD). */
const japanToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);

/** Waits for the SPA to hand its page views to the gateway (every 10 s, or when the page is hidden). */
function nextBatch(page: Page) {
  return page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/analytics/events',
    { timeout: 30_000 },
  );
}

/** A fresh browser with the landing intro seen but the analytics notice not answered yet. */
async function newVisitor(browser: import('@playwright/test').Browser) {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL ?? '',
    locale: 'ja-JP',
    timezoneId: ZONE,
    viewport: { width: 1280, height: 900 },
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    try {
      localStorage.setItem('hasSeenLandingAnimation', 'true');
    } catch {
      // about:blank has no storage.
    }
  });
  return { context, page };
}

test('visitors answer the notice, a member turns analytics on, and staff read today on the dashboard', async ({
  browser,
}) => {
  test.setTimeout(240_000);

  // A visitor who agrees: the notice, then pages and a calculation, counted.
  const agreeing = await newVisitor(browser);
  await agreeing.page.goto('/');
  const notice = agreeing.page.getByRole('region', { name: '利用状況の記録について' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('button', { name: '同意する' })).toBeVisible();
  await expect(notice.getByRole('button', { name: '同意しない' })).toBeVisible();
  await expectNoSeriousA11yViolations(agreeing.page, 'the landing page with the analytics notice');
  await agreeing.page.screenshot({ path: `${SCREENSHOT_DIR}/analytics-notice.png` });
  await notice.getByRole('button', { name: '同意する' }).click();
  await expect(notice).toBeHidden();
  const consent = await agreeing.page.request.get('/api/analytics/consent');
  expect(await consent.json()).toEqual({ analytics: true });
  // The calculator without a time or place: 「このまま進む」 calculates with noon in Tokyo.
  const calculated = agreeing.page.waitForResponse((res) => new URL(res.url()).pathname === '/api/public/calculate-bazi');
  await pickDate(agreeing.page, '1988', '3', '21');
  await agreeing.page.getByRole('button', { name: '命式を読み解く' }).click();
  await agreeing.page.getByRole('button', { name: 'このまま進む' }).click();
  expect((await calculated).ok()).toBe(true);
  const sent = nextBatch(agreeing.page);
  await agreeing.page.goto('/about');
  const batch = await sent;
  expect(batch.status()).toBe(202);
  // (Not the answer's body: a beacon's answer has none to read.)
  expect(batch.request().postData() ?? '').toContain('"page_view"');
  await agreeing.context.close();

  // A visitor who says no: nothing of theirs is sent.
  const refusing = await newVisitor(browser);
  await refusing.page.goto('/');
  await refusing.page.getByRole('region', { name: '利用状況の記録について' }).getByRole('button', { name: '同意しない' }).click();
  let sentByRefusing = 0;
  refusing.page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/analytics/events') sentByRefusing += 1;
  });
  await refusing.page.goto('/about');
  await refusing.page.waitForTimeout(11_000);
  expect(sentByRefusing).toBe(0);
  await refusing.context.close();

  // A member turns analytics on in /settings; their pages are sent from then on.
  const member = await newPerson(browser, ZONE);
  await signUpThroughApi(member.page, newAccount('an', { year: '1992', month: '7', day: '7', hour: '07', minute: '07' }));
  await member.page.goto('/settings');
  const analyticsSwitch = member.page.getByRole('switch', { name: '利用状況の分析に協力する' });
  await expect(analyticsSwitch).not.toBeChecked();
  await analyticsSwitch.click();
  await expect(analyticsSwitch).toBeChecked();
  const memberSent = nextBatch(member.page);
  await member.page.goto('/home');
  expect((await memberSent).status()).toBe(202);
  await member.context.close();

  // Staff roll today up and read it.
  const staff = await newPerson(browser, ZONE);
  await signInAsStaff(staff.page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const today = japanToday();
  await staff.page.getByLabel('開始日').fill(today);
  await staff.page.getByLabel('終了日').fill(today);
  await staff.page.getByRole('button', { name: 'この期間を集計し直す' }).click();
  await expect(staff.page.getByText('1日分を集計し直しました')).toBeVisible();
  // Today's visits: at least the two counted above (the fleet's database keeps earlier runs' too).
  await expect(staff.page.getByRole('region', { name: '訪問数' }).getByText(/^[1-9][\d,]*$/)).toBeVisible();
  await expect(staff.page.getByRole('region', { name: 'ファネル' })).toBeVisible();
  await expect(staff.page.getByRole('region', { name: 'ブラウザ' })).toBeVisible();
  await expectNoSeriousA11yViolations(staff.page, 'the dashboard with its charts');
  await staff.page.evaluate(() => window.scrollTo(0, 0));
  await shootViewports(staff.page, 'admin-analytics');
  await staff.context.close();
});
