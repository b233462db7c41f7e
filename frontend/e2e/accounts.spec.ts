import { expect, test, type Page } from '@playwright/test';

import { skipOnboarding } from './support/helpers';
import { mailDir, waitForResetLink, waitForVerificationCode } from './support/mail';

/**
 * The account journey end to end, against the real gateway and its mail: the landing calculator hands
 * its birth data to the signup wizard, the verification code comes from the mail, the person is signed
 * in on home; logout; login; forgot password, the reset link from the mail, and then only the new
 * password works.
 *
 * Needs E2E_BASE_URL (see playwright.config.ts) and E2E_MAIL_DIR, where the test stack saves every mail
 * it sends as an .eml file. Each run uses a fresh address, so runs do not disturb each other.
 */

const stamp = Date.now();
const account = {
  // The '+' checks that the address survives the query string of /auth/verify?email=…
  email: `meguri.e2e+${stamp}@example.com`,
  username: `e2e_${stamp.toString(36)}`,
  password: `hoshi-${stamp}`,
  newPassword: `tsuki-${stamp}`,
};

/** The birth data entered on the landing page, as the signup must carry it over. */
const birth = { year: '1990', month: '5', day: '15', hour: '14', minute: '30', birthDate: '1990-05-15', birthTime: '14:30' };
let chosenPlace = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
});

// The new user would meet the first-run onboarding overlay; this journey is about the account.
test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

const passwordField = (page: Page) => page.getByLabel(/^パスワード\s*\*?$/);

async function currentUser(page: Page) {
  const response = await page.request.get('/api/auth/user');
  return { status: response.status(), body: response.ok() ? ((await response.json()) as Record<string, unknown>) : null };
}

async function logIn(page: Page, password: string) {
  await page.getByLabel(/^メールアドレス\s*\*?$/).fill(account.email);
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

test('signs up from the landing calculator and is signed in after the mailed code', async ({ page }) => {
  test.setTimeout(120_000);

  // The public calculator.
  await page.goto('/');
  await page.getByRole('combobox', { name: '年' }).selectOption(birth.year);
  await page.getByRole('combobox', { name: '月' }).selectOption(birth.month);
  await page.getByRole('combobox', { name: '日' }).selectOption(birth.day);
  await page.getByRole('combobox', { name: '時' }).selectOption(birth.hour);
  await page.getByRole('combobox', { name: '分' }).selectOption(birth.minute);
  const place = page.getByRole('combobox', { name: '出生地' });
  await place.fill('札幌');
  const first = page.getByRole('listbox', { name: '出生地' }).getByRole('option').first();
  await expect(first).toBeVisible();
  chosenPlace = (await first.textContent())?.trim() ?? '';
  await first.click();
  await expect(place).toHaveValue(chosenPlace);
  await page.getByRole('button', { name: '命式を読み解く' }).click();
  await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });

  // The call to action carries the birth data into the wizard.
  await page.getByRole('button', { name: '無料で登録する' }).click();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByRole('heading', { level: 1, name: '新規登録' })).toBeVisible();

  // 1 gender
  await expect(page.getByText('ステップ 1 / 5')).toBeVisible();
  const next = page.getByRole('button', { name: '次へ' });
  await expect(next).toBeDisabled();
  await page.getByRole('radio', { name: '女性' }).check();
  await next.click();

  // 2-4: pre-selected from the landing page.
  await expect(page.getByText('ステップ 2 / 5')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '年' })).toHaveValue(birth.year);
  await expect(page.getByRole('combobox', { name: '月' })).toHaveValue(birth.month);
  await expect(page.getByRole('combobox', { name: '日' })).toHaveValue(birth.day);
  await next.click();
  await expect(page.getByText('ステップ 3 / 5')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '時' })).toHaveValue(birth.hour);
  await expect(page.getByRole('combobox', { name: '分' })).toHaveValue(birth.minute);
  await next.click();
  await expect(page.getByText('ステップ 4 / 5')).toBeVisible();
  await expect(page.getByRole('combobox', { name: '出生地' })).toHaveValue(chosenPlace);
  await next.click();

  // 5 account
  await expect(page.getByText('ステップ 5 / 5')).toBeVisible();
  const submit = page.getByRole('button', { name: '登録を完了する' });
  await page.getByLabel(/^メールアドレス\s*\*?$/).fill(account.email);
  await page.getByLabel(/^ユーザー名\s*\*?$/).fill(account.username);
  await passwordField(page).fill(account.password);
  await page.getByLabel(/^パスワード（確認）\s*\*?$/).fill(account.password);
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: /利用規約およびプライバシーポリシーに同意します/ }).check();
  await expect(submit).toBeEnabled();

  const mailedAfter = Date.now();
  const signup = page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/auth/signup',
  );
  await submit.click();
  const signupResponse = await signup;
  expect(signupResponse.status(), await signupResponse.text()).toBe(201);
  expect(signupResponse.request().postDataJSON()).toMatchObject({
    email: account.email,
    username: account.username,
    gender: 'female',
    birthDate: birth.birthDate,
    birthTime: birth.birthTime,
    birthLocation: chosenPlace,
    privacyPolicyAccepted: true,
    analyticsConsent: false,
    marketingConsent: false,
  });

  // Verify with the code from the mail.
  await expect(page).toHaveURL(/\/auth\/verify\?email=/);
  await expect(page.getByRole('heading', { name: 'メール認証' })).toBeVisible();
  await expect(page.getByLabel(/^メールアドレス\s*\*?$/)).toHaveValue(account.email);
  expect(await page.evaluate(() => sessionStorage.getItem('preFillBirthData'))).toBeNull();
  const code = await waitForVerificationCode(account.email, mailedAfter);
  await page.getByLabel(/^認証コード\s*\*?$/).fill(code);
  await page.getByRole('button', { name: '認証する' }).click();

  // Signed in, on home, with the carried-over birth data.
  await expect(page.getByRole('status').filter({ hasText: 'メール認証完了' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'ログイン / 登録' })).toHaveCount(0);
  const me = await currentUser(page);
  expect(me.status).toBe(200);
  expect(me.body).toMatchObject({
    email: account.email,
    username: account.username,
    gender: 'female',
    birthDate: birth.birthDate,
    birthTime: birth.birthTime,
    birthLocation: chosenPlace,
    isEmailVerified: true,
  });
  expect(typeof me.body?.birthLongitude).toBe('number');
  expect(typeof me.body?.birthLatitude).toBe('number');
});

test('logs out from settings and logs back in', async ({ page }) => {
  await page.goto('/auth/login');
  await logIn(page, account.password);
  await expect(page.getByRole('status').filter({ hasText: 'ログイン成功' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'ユーザー名' })).toHaveValue(account.username);
  await page.getByRole('region', { name: 'ログアウト' }).getByRole('button', { name: 'ログアウト' }).click();

  await expect(page.getByRole('link', { name: 'ログイン / 登録' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await currentUser(page)).status).toBe(401);

  await page.getByRole('link', { name: 'ログイン / 登録' }).click();
  await logIn(page, account.password);
  await expect(page.getByRole('status').filter({ hasText: 'ログイン成功' })).toBeVisible();
  expect((await currentUser(page)).status).toBe(200);
});

test('resets a forgotten password with the mailed link; then only the new one works', async ({ page }) => {
  test.setTimeout(90_000);

  await page.goto('/auth/login');
  await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
  await expect(page.getByRole('heading', { name: 'パスワードをお忘れの方' })).toBeVisible();
  await page.getByLabel(/^メールアドレス\s*\*?$/).fill(account.email);
  const mailedAfter = Date.now();
  await page.getByRole('button', { name: '再設定リンクを送信' }).click();
  await expect(page.getByRole('heading', { name: 'メールを送信しました' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'メール送信完了' })).toBeVisible();

  const link = await waitForResetLink(account.email, mailedAfter);
  expect(link.searchParams.get('email')).toBe(account.email);
  expect(link.searchParams.get('token')).toBeTruthy();
  // The mail names the public origin, which may differ from the address the tests reach the stack at.
  await page.goto(`${link.pathname}${link.search}`);

  await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
  await page.getByLabel(/^新しいパスワード\s*\*?$/).fill(account.newPassword);
  await page.getByRole('button', { name: 'パスワードを再設定する' }).click();
  await expect(page.getByRole('heading', { name: 'パスワードを再設定しました' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'パスワードリセット完了' })).toBeVisible();
  await page.getByRole('link', { name: 'ログインへ' }).click();

  // The old password no longer works …
  await logIn(page, account.password);
  await expect(page.getByRole('alert').filter({ hasText: 'ログインエラー' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login$/);
  expect((await currentUser(page)).status).toBe(401);

  // … the new one does.
  await logIn(page, account.newPassword);
  await expect(page.getByRole('status').filter({ hasText: 'ログイン成功' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  expect((await currentUser(page)).status).toBe(200);

  // The link works once.
  const again = await page.request.post('/api/auth/reset-password', {
    data: { token: link.searchParams.get('token'), email: account.email, password: `again-${stamp}` },
  });
  expect(again.status()).toBe(400);
});
