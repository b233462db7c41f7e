import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { postFromPage } from './helpers';
import { waitForVerificationCode } from './mail';

export type NewAccount = {
  email: string;
  username: string;
  password: string;
  /** Birth date as the wizard's selects take it. */
  birth: { year: string; month: string; day: string; hour: string; minute: string };
};

/** A fresh account; `tag` keeps the people of one test apart (usernames are 3–20 characters). */
export function newAccount(tag: string, birth: NewAccount['birth']): NewAccount {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 36 ** 2).toString(36)}`;
  return {
    email: `meguri.${tag}+${stamp}@example.com`,
    username: `${tag}_${stamp}`.slice(0, 20),
    password: `hoshi-${stamp}`,
    birth,
  };
}

/**
 * Marks the landing intro seen, the analytics notice answered and the onboarding done before any page
 * script runs, so a journey about something else meets none of them (e2e/onboarding.spec.ts covers the
 * overlay, e2e/analytics.spec.ts the notice).
 */
export async function markFirstRunSeen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      localStorage.setItem('meguri_onboarding_completed', 'true');
      localStorage.setItem('hasSeenLandingAnimation', 'true');
      // The analytics notice answered (×): e2e/analytics.spec.ts is where it is shown and answered.
      localStorage.setItem('meguri.analyticsNotice', 'dismissed');
    } catch {
      // about:blank has no storage; the app's own pages do.
    }
  });
}

/**
 * Goes through the signup wizard from where the page is (on /auth/signup, with or without `?invite=`),
 * verifies with the mailed code and waits for home.
 */
export async function completeSignupWizard(page: Page, account: NewAccount): Promise<void> {
  const next = page.getByRole('button', { name: '次へ' });

  await expect(page.getByText('ステップ 1 / 5')).toBeVisible();
  await page.getByRole('radio', { name: '女性' }).check();
  await next.click();

  await expect(page.getByText('ステップ 2 / 5')).toBeVisible();
  await page.getByRole('combobox', { name: '年' }).selectOption(account.birth.year);
  await page.getByRole('combobox', { name: '月' }).selectOption(account.birth.month);
  await page.getByRole('combobox', { name: '日' }).selectOption(account.birth.day);
  await next.click();

  await expect(page.getByText('ステップ 3 / 5')).toBeVisible();
  await page.getByRole('combobox', { name: '時' }).selectOption(account.birth.hour);
  await page.getByRole('combobox', { name: '分' }).selectOption(account.birth.minute);
  await next.click();

  // Birth place left empty: 東京, 日本 (spec §2 signup step 4).
  await expect(page.getByText('ステップ 4 / 5')).toBeVisible();
  await next.click();

  await expect(page.getByText('ステップ 5 / 5')).toBeVisible();
  await page.getByLabel(/^メールアドレス\s*\*?$/).fill(account.email);
  await page.getByLabel(/^ユーザー名\s*\*?$/).fill(account.username);
  await page.getByLabel(/^パスワード\s*\*?$/).fill(account.password);
  await page.getByLabel(/^パスワード（確認）\s*\*?$/).fill(account.password);
  await page.getByRole('checkbox', { name: /利用規約およびプライバシーポリシーに同意します/ }).check();
  const mailedAfter = Date.now();
  const signup = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/auth/signup',
  );
  await page.getByRole('button', { name: '登録を完了する' }).click();
  const signupResponse = await signup;
  expect(signupResponse.status(), await signupResponse.text()).toBe(201);

  await expect(page).toHaveURL(/\/auth\/verify\?email=/);
  const code = await waitForVerificationCode(account.email, mailedAfter);
  await page.getByLabel(/^認証コード\s*\*?$/).fill(code);
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * One person in a browser of their own (a fresh context: own cookies and storage), in `timezoneId`, with
 * the landing intro and the onboarding marked seen. `storageState` continues another context's session.
 */
export async function newPerson(
  browser: Browser,
  timezoneId: string,
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL ?? '',
    locale: 'ja-JP',
    timezoneId,
    viewport: { width: 1280, height: 900 },
    ...(storageState ? { storageState } : {}),
  });
  const page = await context.newPage();
  await markFirstRunSeen(page);
  return { context, page };
}

/** Signs a new member up and in through the API, from the page (same origin, so the cookie is kept). */
export async function signUpThroughApi(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/auth/login');
  const mailedAfter = Date.now();
  const signup = await postFromPage(page, '/api/auth/signup', {
    email: account.email,
    username: account.username,
    password: account.password,
    gender: 'female',
    birthDate: `${account.birth.year}-${account.birth.month.padStart(2, '0')}-${account.birth.day.padStart(2, '0')}`,
    birthTime: `${account.birth.hour.padStart(2, '0')}:${account.birth.minute.padStart(2, '0')}`,
    birthLocation: '東京, 日本',
    coordinates: { longitude: 139.6503, latitude: 35.6762 },
    privacyPolicyAccepted: true,
    analyticsConsent: false,
    marketingConsent: false,
  });
  expect(signup.status, signup.text).toBe(201);
  const code = await waitForVerificationCode(account.email, mailedAfter);
  const verify = await postFromPage(page, '/api/auth/verify-email', { email: account.email, code });
  expect(verify.status, verify.text).toBe(200);
}
