import { expect, test, type Page } from '@playwright/test';

import { SCREENSHOT_DIR, VIEWPORTS, blurActiveElement, pauseClockNow, postFromPage, skipIntro, skipOnboarding } from './support/helpers';
import { mailDir, waitForVerificationCode } from './support/mail';

/**
 * The about page: hero, rotating concept bubbles, the feature carousel, the closing sign-up button; and
 * the way there (spec §2: a link target from home) from the landing header and, for a signed-in member,
 * from home.
 */

const MESSAGE_STARTS = ['こんばんは。', '木・火・土・金・水。', '占いは未来を決めるものじゃない。', '今日の運勢も、'];

test('the concept bubbles change every 5 s and loop', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  const bubble = page.getByTestId('concept-bubble');
  await expect(bubble).toContainText(MESSAGE_STARTS[0]!);
  await pauseClockNow(page);
  // Restart the 5 s wait at a known moment: stop and restart the rotation, then leave the controls.
  await page.getByRole('button', { name: '自動切り替えを停止' }).first().click();
  await page.getByRole('button', { name: '自動切り替えを再開' }).click();
  await blurActiveElement(page);

  await expect(bubble).toContainText(MESSAGE_STARTS[0]!);
  await page.clock.runFor(4900);
  await expect(bubble).toContainText(MESSAGE_STARTS[0]!);
  await page.clock.runFor(100);
  await expect(bubble).toContainText(MESSAGE_STARTS[1]!);
  for (const start of [MESSAGE_STARTS[2]!, MESSAGE_STARTS[3]!, MESSAGE_STARTS[0]!]) {
    await page.clock.runFor(5000);
    await expect(bubble).toContainText(start);
  }
});

test('the feature carousel loops by itself and answers buttons, dots and arrow keys', async ({ page }) => {
  await page.clock.install();
  await page.goto('/about');
  const carousel = page.getByTestId('feature-carousel');
  const current = page.locator('[data-testid^="feature-slide-"][data-current="true"]');
  await expect(current.getByRole('heading')).toHaveText('毎日の運勢');
  await pauseClockNow(page);
  // Restart the 6 s wait at a known moment, with neither focus nor pointer on the carousel.
  const carouselPause = carousel.getByRole('button', { name: '自動切り替えを停止' });
  await carouselPause.click();
  await carousel.getByRole('button', { name: '自動切り替えを再開' }).click();
  await blurActiveElement(page);
  await page.mouse.move(0, 0);
  await expect(current.getByRole('heading')).toHaveText('毎日の運勢');
  for (const title of ['マスコットとのチャット', '未来日記', '友達との相性', '毎日の運勢']) {
    await page.clock.runFor(6000);
    await expect(current.getByRole('heading')).toHaveText(title);
  }
  // Each slide draws its screen.
  await expect(current.getByRole('img')).toHaveAttribute('aria-label', /今日の運勢の画面/);
  await expect(current).toContainText('やること');

  await page.getByRole('button', { name: '次のスライド' }).click();
  await expect(carousel).toHaveAttribute('data-index', '1');
  await page.getByRole('button', { name: '前のスライド' }).click();
  await page.getByRole('button', { name: '前のスライド' }).click();
  await expect(current.getByRole('heading')).toHaveText('友達との相性');
  await page.getByRole('button', { name: 'スライド 3' }).click();
  await expect(current.getByRole('heading')).toHaveText('未来日記');

  // Keyboard: arrows move while focus is inside; focus also holds the automatic turn.
  await page.getByRole('button', { name: 'スライド 3' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(carousel).toHaveAttribute('data-index', '3');
  await page.keyboard.press('ArrowRight');
  await expect(carousel).toHaveAttribute('data-index', '0');
  await page.clock.runFor(12_000);
  await expect(carousel).toHaveAttribute('data-index', '0');
});

test('nothing turns by itself under reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/about');
  await expect(page.getByTestId('concept-bubble')).toBeVisible();
  await pauseClockNow(page);

  await page.clock.runFor(30_000);
  await expect(page.getByTestId('concept-bubble')).toContainText(MESSAGE_STARTS[0]!);
  await expect(page.getByTestId('feature-carousel')).toHaveAttribute('data-index', '0');
  await page.getByRole('button', { name: 'メッセージ 2' }).click();
  await expect(page.getByTestId('concept-bubble')).toContainText(MESSAGE_STARTS[1]!);
});

test('the closing button leads to signup', async ({ page }) => {
  await page.goto('/about');
  await page.getByRole('main').getByRole('link', { name: '無料で登録する' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
});

test('the landing header leads a visitor to the about page', async ({ page }) => {
  await skipIntro(page);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: '巡りについて' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { name: '巡りについて', level: 1 })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン / 登録' })).toBeVisible();
});

test.describe('a signed-in member', () => {
  const stamp = Date.now();
  const account = {
    email: `meguri.about+${stamp}@example.com`,
    username: `ab_${stamp.toString(36)}`,
    password: `hoshi-${stamp}`,
  };

  test.beforeAll(() => {
    mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
  });

  /** Signs a new member up and in through the API, from the page (same origin, so the cookie is kept). */
  async function signUpAndVerify(page: Page): Promise<void> {
    await page.goto('/auth/login');
    const mailedAfter = Date.now();
    const post = (path: string, body: unknown) => postFromPage(page, path, body);
    const signup = await post('/api/auth/signup', {
      ...account,
      gender: 'female',
      birthDate: '1988-02-29',
      birthTime: '06:15',
      birthLocation: '東京, 日本',
      coordinates: { longitude: 139.6503, latitude: 35.6762 },
      privacyPolicyAccepted: true,
      analyticsConsent: false,
      marketingConsent: false,
    });
    expect(signup.status, signup.text).toBe(201);
    const code = await waitForVerificationCode(account.email, mailedAfter);
    const verify = await post('/api/auth/verify-email', { email: account.email, code });
    expect(verify.status, verify.text).toBe(200);
  }

  test('reaches the about page from home and gets home again from it', async ({ page }) => {
    test.setTimeout(90_000);
    await skipOnboarding(page);
    await signUpAndVerify(page);

    await page.goto('/');
    await expect(page.getByRole('region', { name: '今日の運勢' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: '巡りについて' }).click();

    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { name: '巡りについて', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toHaveCount(0);
    await expect(page.getByTestId('feature-carousel')).toBeVisible();
    // The member's header: the about link marks the page; the account button leads home.
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: '巡りについて' })).toHaveAttribute('aria-current', 'page');
    await expect(header.getByRole('link', { name: 'ログイン / 登録' })).toHaveCount(0);

    // A reload asks the gateway for the page again: still the about page, not a 404.
    await page.reload();
    await expect(page.getByRole('heading', { name: '巡りについて', level: 1 })).toBeVisible();

    // The closing button does not offer signup to a member: it leads home.
    await expect(page.getByRole('main').getByRole('link', { name: '無料で登録する' })).toHaveCount(0);
    await page.getByRole('main').getByRole('link', { name: 'マイページへ' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('region', { name: '今日の運勢' })).toBeVisible();

    await page.goto('/about');
    await header.getByRole('link', { name: 'マイページ', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('region', { name: '今日の運勢' })).toBeVisible();
  });
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`screenshot of the about page at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize(viewport);
    await page.goto('/about');
    await expect(page.getByTestId('feature-carousel')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/about-${name}-${viewport.width}x${viewport.height}.png`, fullPage: true });
  });
}
