import { expect, test, type Page } from '@playwright/test';

import { skipOnboarding } from './support/helpers';
import { mailDir, waitForVerificationCode } from './support/mail';

/**
 * Kana usernames against the real fleet (issue 11): a person signs up with a hiragana name through the
 * wizard, verifies with the mailed code and sees the name as stored; a second person who picks a
 * look-alike of it (the kanji 力 where the first has the katakana カ) is refused with the Japanese
 * message and stays on the form.
 *
 * Needs E2E_BASE_URL and E2E_MAIL_DIR, like accounts.spec.ts. A random kana and kanji suffix keeps the
 * names of one run apart from those of earlier runs on the same database.
 */

const stamp = Date.now();
// No character of the look-alike table (meguri-username), so the only look-alike is the one made on purpose.
const SUFFIX_CHARS = 'あいうえおきくけさしすせそなにぬねのまみむめも山川森空星月花鳥風';
const suffix = Array.from({ length: 6 }, () => SUFFIX_CHARS[Math.floor(Math.random() * SUFFIX_CHARS.length)]).join('');
const hanako = {
  email: `meguri.e2e+kana${stamp}@example.com`,
  username: `はなこカ${suffix}`,
  password: `hoshi-${stamp}`,
};
const imitator = {
  email: `meguri.e2e+kana${stamp}.b@example.com`,
  // 力 (U+529B, the kanji chikara) for カ (U+30AB, the katakana ka).
  username: `はなこ力${suffix}`,
  password: `tsuki-${stamp}`,
};

const LOOKALIKE_MESSAGE = 'よく似たユーザー名がすでに使われています。別のユーザー名をお選びください';

test.describe.configure({ mode: 'serial' });

test.beforeAll(() => {
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
});

test.beforeEach(async ({ page }) => {
  await skipOnboarding(page);
});

/** Steps 1-4 the quickest way, then the account step filled in; returns when the submit is ready. */
async function fillSignup(page: Page, account: { email: string; username: string; password: string }) {
  await page.goto('/auth/signup');
  const next = page.getByRole('button', { name: '次へ' });
  await page.getByRole('radio', { name: '女性' }).check();
  await next.click();
  await page.getByRole('combobox', { name: '年' }).selectOption('1994');
  await page.getByRole('combobox', { name: '月' }).selectOption('4');
  await page.getByRole('combobox', { name: '日' }).selectOption('8');
  await next.click();
  await page.getByRole('button', { name: 'まったく分からない' }).click();
  await page.getByRole('button', { name: 'スキップ' }).click();

  await expect(page.getByText('ステップ 5 / 5')).toBeVisible();
  await page.getByLabel(/^メールアドレス\s*\*?$/).fill(account.email);
  await page.getByLabel(/^ユーザー名\s*\*?$/).fill(account.username);
  await page.getByLabel(/^パスワード\s*\*?$/).fill(account.password);
  await page.getByLabel(/^パスワード（確認）\s*\*?$/).fill(account.password);
  await page.getByRole('checkbox', { name: /利用規約およびプライバシーポリシーに同意します/ }).check();
}

function signupResponse(page: Page) {
  return page.waitForResponse(
    (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/auth/signup',
  );
}

test('signs up with a kana username, verifies, and sees the name', async ({ page }) => {
  test.setTimeout(120_000);

  await fillSignup(page, hanako);
  const mailedAfter = Date.now();
  const signup = signupResponse(page);
  await page.getByRole('button', { name: '登録を完了する' }).click();
  const response = await signup;
  expect(response.status(), await response.text()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({ username: hanako.username });

  await expect(page).toHaveURL(/\/auth\/verify\?email=/);
  const code = await waitForVerificationCode(hanako.email, mailedAfter);
  await page.getByLabel(/^認証コード\s*\*?$/).fill(code);
  await page.getByRole('button', { name: '認証する' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'メール認証完了' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  const me = await page.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(((await me.json()) as { username: string }).username).toBe(hanako.username);

  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: '設定' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'ユーザー名' })).toHaveValue(hanako.username);
});

test('refuses a look-alike of that name with the Japanese message', async ({ page }) => {
  test.setTimeout(90_000);

  await fillSignup(page, imitator);
  const signup = signupResponse(page);
  await page.getByRole('button', { name: '登録を完了する' }).click();
  const response = await signup;
  expect(response.status()).toBe(409);
  expect(await response.json()).toEqual({ message: LOOKALIKE_MESSAGE, code: 'USERNAME_LOOKALIKE' });

  await expect(page.getByRole('alert').filter({ hasText: LOOKALIKE_MESSAGE })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/signup$/);
  await expect(page.getByText('ステップ 5 / 5')).toBeVisible();
});
