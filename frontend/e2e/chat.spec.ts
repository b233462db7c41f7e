import { expect, test, type Page } from '@playwright/test';

import { completeSignupWizard, markFirstRunSeen, newAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, SCREENSHOT_DIR, VIEWPORTS } from './support/helpers';
import { mailDir } from './support/mail';

/**
 * The chat end to end, against the real gateway, chat, billing and the built-in responder: a new person
 * signs up (3 free credits), sends two messages with the keyboard and asks a compatibility question
 * through the dialog (a score card), rates a reply, and the fourth message is refused with the link to
 * /shop and nothing charged. axe on /chat; screenshots at 390×844 and 1440×900.
 *
 * Needs fortune-gen for the member's chart (MEGURI_E2E_READINGS=1, as deploy/dev/e2e.sh sets) and
 * E2E_MAIL_DIR for the sign-up code.
 */

test.skip(!process.env.MEGURI_E2E_READINGS, 'the chat answers from the chart fortune-gen builds: set MEGURI_E2E_READINGS=1');

const account = newAccount('chat', { year: '1991', month: '4', day: '12', hour: '09', minute: '15' });

type ChatStatus = { creditsPerMessage: number; maxMessageLength: number; balance: number };

async function chatStatus(page: Page): Promise<ChatStatus> {
  const response = await page.request.get('/api/chat/status');
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ChatStatus;
}

async function chartStatus(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/user');
  if (!response.ok()) return `http ${response.status()}`;
  return ((await response.json()) as { baziChartStatus: string }).baziChartStatus;
}

const log = (page: Page) => page.getByRole('log', { name: 'チャット' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'メグへのメッセージ' });

/** The POST of the next message and its whole event stream, as text. */
function nextSend(page: Page) {
  return page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/chat/messages');
}

/** Types a message and sends it with Enter; waits until its reply is complete (its rating buttons are there). */
async function sendAndWaitForReply(page: Page, text: string, repliesBefore: number): Promise<void> {
  const sent = nextSend(page);
  await composer(page).fill(text);
  await composer(page).press('Enter');
  const response = await sent;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/event-stream');
  await expect(log(page).getByText(text, { exact: true })).toBeVisible();
  await expect(log(page).getByRole('button', { name: 'しっくりきた' })).toHaveCount(repliesBefore + 1, { timeout: 45_000 });
  await expect(composer(page)).toHaveValue('');
  await expect(composer(page)).toBeFocused();
}

test('a new person spends the 3 free credits in the chat, a compatibility score included, and the 4th is refused', async ({ page }) => {
  test.setTimeout(300_000);
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
  await markFirstRunSeen(page);

  await test.step('sign up; the chart is built', async () => {
    await page.goto('/auth/signup');
    await completeSignupWizard(page, account);
    await expect.poll(() => chartStatus(page), { timeout: 150_000, intervals: [1000, 2000, 3000] }).toBe('ready');
  });

  await test.step('/chat from the crystal ball: the greeting, the balance and what a message costs', async () => {
    await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: 'チャット' }).click();
    await expect(page).toHaveURL(/\/chat$/);
    await expect(page.getByRole('heading', { level: 1, name: 'チャット' })).toBeVisible();
    const status = await chatStatus(page);
    expect(status).toEqual({ creditsPerMessage: 1, maxMessageLength: 500, balance: 3 });
    await expect(page.getByTestId('chat-balance')).toHaveText('残り 3 クレジット');
    await expect(page.getByText('1通 1クレジット')).toBeVisible();
    await expect(log(page)).toHaveAttribute('aria-live', 'polite');
    await expect(log(page).getByText(/ボクはメグです/)).toBeVisible();
    await expect(page.getByText('0/500')).toBeVisible();
  });

  await test.step('two messages, sent with the keyboard, are answered in Japanese', async () => {
    await sendAndWaitForReply(page, 'こんにちは！', 0);
    await expect(page.getByTestId('chat-balance')).toHaveText('残り 2 クレジット');
    await sendAndWaitForReply(page, '今日の運勢を教えてください', 1);
    await expect(page.getByTestId('chat-balance')).toHaveText('残り 1 クレジット');
    const replies = await log(page).getByRole('article').allTextContents();
    expect(replies).toHaveLength(2);
    for (const reply of replies) expect(reply).toMatch(/[ぁ-んァ-ン一-龯]/);
  });

  await test.step('a reply is rated as a chat reading', async () => {
    const rated = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/fortunes/rate');
    const first = log(page).getByRole('article').first();
    await first.getByRole('button', { name: 'しっくりきた' }).click();
    const response = await rated;
    expect(response.status(), await response.text()).toBe(200);
    expect(response.request().postDataJSON()).toMatchObject({ fortuneType: 'chat', rating: 'positive' });
    await expect(first.getByRole('button', { name: 'しっくりきた' })).toHaveAttribute('aria-pressed', 'true');
  });

  await test.step('a compatibility question through the dialog gets a score card', async () => {
    await page.getByRole('button', { name: '相性を占う' }).click();
    const dialog = page.getByRole('dialog', { name: '相性を占う' });
    await dialog.getByRole('combobox', { name: '年' }).selectOption('1993');
    await dialog.getByRole('combobox', { name: '月' }).selectOption('11');
    await dialog.getByRole('combobox', { name: '日' }).selectOption('2');
    await dialog.getByRole('radio', { name: '男性' }).check();
    await dialog.getByRole('textbox', { name: '呼び方（任意）' }).fill('彼');
    const sent = nextSend(page);
    await dialog.getByRole('button', { name: '占う' }).click();
    const response = await sent;
    expect(response.request().postDataJSON()).toMatchObject({
      message: '彼との相性を占ってください',
      compatibility: { birthDate: '1993-11-02', gender: 'male', label: '彼' },
    });
    await expect(dialog).toHaveCount(0);

    const card = log(page).getByRole('region', { name: '相性占いの結果' });
    await expect(card).toBeVisible({ timeout: 45_000 });
    await expect(card.getByTestId('chat-compatibility-score')).toHaveText(/^\d{1,3} \/ 100$/);
    await expect(card).toContainText('彼（1993年11月2日生まれの男性）');
    await expect(page.getByTestId('chat-balance')).toHaveText('残り 0 クレジット');
  });

  await test.step('out of credits: the notice links to the shop, and the 4th message is refused without a charge', async () => {
    const notice = page.getByRole('alert').filter({ hasText: 'クレジットが足りません' });
    await expect(notice.getByRole('link', { name: 'ショップへ' })).toHaveAttribute('href', '/shop');

    const sent = nextSend(page);
    await composer(page).fill('もうひとつ聞いてもいいですか？');
    await composer(page).press('Enter');
    const response = await sent;
    const body = (await response.json()) as { code: string; message: string };
    expect(response.ok()).toBe(false);
    expect(body).toEqual({ code: 'INSUFFICIENT_CREDITS', message: 'クレジットが足りません' });

    const refusal = log(page).getByRole('alert');
    await expect(refusal).toContainText('クレジットが足りません');
    await expect(refusal.getByRole('link', { name: 'ショップへ' })).toHaveAttribute('href', '/shop');
    expect((await chatStatus(page)).balance).toBe(0);

    // The history as the server keeps it: three answered messages, the refused one not among them.
    const history = await page.request.get('/api/chat/messages?limit=20');
    const { messages } = (await history.json()) as { messages: { message: string; status: string; creditsUsed: number }[] };
    expect(messages.map((m) => [m.message, m.status, m.creditsUsed])).toEqual([
      ['彼との相性を占ってください', 'completed', 1],
      ['今日の運勢を教えてください', 'completed', 1],
      ['こんにちは！', 'completed', 1],
    ]);
  });

  await test.step('the history survives a reload; axe finds nothing serious', async () => {
    await page.reload();
    await expect(log(page).getByRole('article')).toHaveCount(3);
    await expect(log(page).getByRole('region', { name: '相性占いの結果' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/chat');
  });

  await test.step('screenshots at 390×844 and 1440×900', async () => {
    await expect(page.getByRole('region', { name: '通知 (F8)' }).getByRole('status')).toHaveCount(0, { timeout: 15_000 });
    for (const viewport of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}x${viewport.height}`;
      await page.screenshot({ path: `${SCREENSHOT_DIR}/chat-${size}.png` });
      await page.screenshot({ path: `${SCREENSHOT_DIR}/chat-full-${size}.png`, fullPage: true });
    }
  });
});
