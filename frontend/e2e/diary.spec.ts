import { expect, test, type Page, type Response } from '@playwright/test';

import { completeSignupWizard, newAccount, newPerson, type NewAccount } from './support/accounts';
import { expectNoSeriousA11yViolations, SCREENSHOT_DIR, shootViewports } from './support/helpers';
import { extractLink, mailDir, mailTo, waitForMail, type MailMessage } from './support/mail';

/**
 * The diary end to end, against the real fleet (gateway, identity, social, notify …): A and B become
 * friends, C stays a stranger. A writes an entry that mentions B through the picker and types `@C` →
 * only B's handle is highlighted → B's mention dialog opens on the next focus of B's window (and not
 * before) → '確認しました' → never again, neither on the next focus nor after a reload → B gets the
 * mention mail and reads the entry through its link; its unsubscribe link works signed out, once → C gets
 * no dialog and no mail, and cannot open the entry. A then seals a letter on the next lucky day: listed sealed, without its text.
 * Screenshots of /diary with the sealed letter and of B's dialog.
 *
 * Needs E2E_BASE_URL (playwright.config.ts) and E2E_MAIL_DIR (support/mail.ts).
 */

const ZONE = 'Asia/Tokyo';

const isMentionsRead = (res: Response) =>
  res.request().method() === 'GET' && new URL(res.url()).pathname === '/api/mentions/notifications';

/** Gives the window the focus again, as when the person comes back to the tab, and returns the list it read. */
async function focusAndRead(page: Page): Promise<unknown> {
  const read = page.waitForResponse(isMentionsRead);
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  return (await read).json();
}

const mentionDialog = (page: Page) => page.getByRole('dialog', { name: 'メンションされました' });

async function signUp(page: Page, account: NewAccount): Promise<void> {
  await page.goto('/auth/signup');
  await completeSignupWizard(page, account);
}

test('a mention reaches a friend once, never a stranger, and a letter waits sealed', async ({ browser }) => {
  test.setTimeout(480_000);
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
  const a = newAccount('da', { year: '1991', month: '3', day: '9', hour: '08', minute: '10' });
  const b = newAccount('db', { year: '1994', month: '7', day: '21', hour: '19', minute: '40' });
  const c = newAccount('dc', { year: '1988', month: '12', day: '2', hour: '05', minute: '55' });
  const alice = await newPerson(browser, ZONE);
  const bob = await newPerson(browser, ZONE);
  const carol = await newPerson(browser, ZONE);
  let entryId = '';
  let since = 0;

  await test.step('A, B and C sign up; A and B become friends', async () => {
    await signUp(alice.page, a);
    await signUp(bob.page, b);
    await signUp(carol.page, c);

    await alice.page.goto('/friends');
    await alice.page.getByRole('searchbox', { name: 'ユーザー名で検索' }).fill(b.username);
    const results = alice.page.getByRole('list', { name: '検索結果' });
    await results.getByRole('button', { name: 'フレンド申請' }).click();
    await expect(results.getByText('申請中')).toBeVisible();

    await expect(async () => {
      await bob.page.goto('/friends');
      await expect(bob.page.getByRole('region', { name: /^届いた申請/ })).toContainText(a.username, { timeout: 3000 });
    }).toPass({ timeout: 60_000 });
    await bob.page.getByRole('region', { name: /^届いた申請/ }).getByRole('button', { name: '承認する' }).click();
    await expect(bob.page.getByRole('list', { name: 'フレンド一覧' })).toContainText(a.username);
  });

  await test.step('B and C wait on their diary pages; each read the mentions once, and nothing is there', async () => {
    for (const person of [bob, carol]) {
      const read = person.page.waitForResponse(isMentionsRead);
      await person.page.goto('/diary');
      expect(await (await read).json()).toEqual([]);
      await expect(person.page.locator('[data-tour="diary-textarea"]')).toBeVisible();
      await expect(person.page.locator('[data-tour="diary-mention"]')).toBeVisible();
    }
  });

  await test.step('A mentions B through the picker and types @C: only B is highlighted', async () => {
    await alice.page.goto('/diary');
    const text = alice.page.getByRole('textbox', { name: '今日のできごと' });
    await text.fill('今日は');
    await alice.page.getByRole('button', { name: 'フレンドをメンション' }).click();
    const picker = alice.page.getByRole('dialog', { name: 'フレンドをメンション' });
    await picker.getByRole('button', { name: new RegExp(`@${b.username}`) }).click();
    await expect(picker).toBeHidden();
    await expect(text).toHaveValue(`今日は@${b.username} `);
    await expect(text).toBeFocused();
    await text.pressSequentially(`と @${c.username} と星を見た`);

    since = Date.now();
    const created = alice.page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/diary',
    );
    await alice.page.getByRole('button', { name: '日記を保存する' }).click();
    const answer = await created;
    expect(answer.status(), await answer.text()).toBe(201);
    const entry = (await answer.json()) as { id: string; mentions: { username: string }[] };
    entryId = entry.id;
    expect(entry.mentions.map((m) => m.username)).toEqual([b.username]);

    const listed = alice.page.getByTestId('diary-entry').first();
    await expect(listed).toContainText(`今日は@${b.username} と @${c.username} と星を見た`);
    await expect(listed.getByTestId('mention')).toHaveText([`@${b.username}`]);
    await expect(text).toHaveValue('');
  });

  await test.step("B's dialog opens on the next focus, not before, and never again once acknowledged", async () => {
    // Nothing asks on a timer: the dialog is not there until the window gets the focus.
    await expect(mentionDialog(bob.page)).toHaveCount(0);
    await bob.page.bringToFront();
    await expect(async () => {
      await focusAndRead(bob.page);
      await expect(mentionDialog(bob.page)).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 30_000 });

    const dialog = mentionDialog(bob.page);
    await expect(dialog.getByTestId('mentioner')).toHaveText(a.username);
    await expect(dialog.getByTestId('mention-content')).toHaveText(`今日は@${b.username} と @${c.username} と星を見た`);
    await expect(dialog.getByTestId('mention')).toHaveText([`@${b.username}`]);
    await expectNoSeriousA11yViolations(bob.page, 'the mention dialog');
    await shootViewports(bob.page, 'diary-mention-dialog');

    const marked = bob.page.waitForResponse(
      (res) => res.request().method() === 'POST' && /^\/api\/mentions\/[^/]+\/mark-shown$/.test(new URL(res.url()).pathname),
    );
    await dialog.getByRole('button', { name: '確認しました' }).click();
    expect((await marked).status()).toBe(204);
    await expect(dialog).toBeHidden();

    expect(await focusAndRead(bob.page)).toEqual([]);
    await expect(mentionDialog(bob.page)).toHaveCount(0);
    // Only a read the reloaded page makes: one the old page still had in flight is navigated away from.
    const reloadedAt = Date.now();
    const afterReload = bob.page.waitForResponse(
      (res) => isMentionsRead(res) && res.request().timing().startTime >= reloadedAt,
    );
    await bob.page.reload();
    expect(await (await afterReload).json()).toEqual([]);
    await expect(bob.page.locator('[data-tour="diary-textarea"]')).toBeVisible();
    await expect(mentionDialog(bob.page)).toHaveCount(0);
  });

  let mentionMail: MailMessage | undefined;
  await test.step('B gets the mention mail with a one-click unsubscribe; C gets no dialog and no mail', async () => {
    mentionMail = await waitForMail(b.email, {
      since,
      where: (m) => extractLink(m, `/diary/${entryId}`) !== null,
      timeoutMs: 60_000,
    });
    expect(mentionMail.subject).toContain(a.username);
    expect(mentionMail.headers['list-unsubscribe']).toMatch(/^<https?:\/\/[^>]+\/api\/unsubscribe\?token=[^>]+>$/);
    expect(mentionMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    await carol.page.bringToFront();
    expect(await focusAndRead(carol.page)).toEqual([]);
    await expect(mentionDialog(carol.page)).toHaveCount(0);
    expect(await mailTo(c.email, { since })).toEqual([]);
    // A stranger cannot open the entry either.
    await carol.page.goto(`/diary/${entryId}`);
    await expect(carol.page.getByRole('alert')).toContainText('日記が見つかりません');
  });

  await test.step("B reads the entry through the mail's link", async () => {
    const link = mentionMail ? extractLink(mentionMail, `/diary/${entryId}`) : null;
    expect(link, 'the entry link in the mention mail').not.toBeNull();
    await bob.page.goto(link?.pathname ?? '/');
    const entry = bob.page.getByTestId('diary-entry');
    await expect(entry).toContainText(`${a.username}さんの日記`);
    await expect(entry).toContainText(`@${c.username} と星を見た`);
    await expect(entry.getByRole('button', { name: /の日記のメニュー$/ })).toHaveCount(0);
  });

  await test.step("the mail's unsubscribe link turns the mention mails off without signing in, once", async () => {
    const link = mentionMail ? extractLink(mentionMail, '/unsubscribe') : null;
    expect(link, 'an /unsubscribe link in the mention mail').not.toBeNull();
    const token = link?.searchParams.get('token') ?? '';
    const visitor = await newPerson(browser, ZONE);
    await visitor.page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await expect(visitor.page.getByRole('heading', { name: 'メールの配信を停止しました' })).toBeVisible();
    await expect(visitor.page.getByRole('status')).toContainText('「日記でメンションされたとき」');

    await visitor.page.reload();
    await expect(visitor.page.getByRole('heading', { name: '配信を停止できませんでした' })).toBeVisible();
    await expect(visitor.page.getByRole('alert')).toContainText('この配信停止リンクはすでに使われています');

    await visitor.page.goto(`/unsubscribe?token=${encodeURIComponent(`${token.slice(0, -2)}xx`)}`);
    await expect(visitor.page.getByRole('alert')).toContainText('配信停止リンクが正しくないか、有効期限が切れています');
    await visitor.context.close();

    await bob.page.goto('/settings');
    await expect(bob.page.getByRole('switch', { name: '日記でメンションされたとき' })).not.toBeChecked();
  });

  await test.step('A seals a letter for the next lucky day: listed sealed, without its text', async () => {
    await alice.page.goto('/diary');
    await alice.page.getByRole('textbox', { name: '今日のできごと' }).fill('未来のわたしへ。今日は星がきれいでした。');
    await alice.page.getByLabel('未来へ届ける').check();
    await alice.page.getByRole('button', { name: '吉日に届ける' }).click();
    const lucky = alice.page.getByTestId('lucky-day');
    await expect(lucky).toContainText(/(天赦日|一粒万倍日|大安)/);
    await expect(alice.page.getByLabel('届ける日')).not.toHaveValue('');

    await alice.page.getByRole('button', { name: '手紙を封印する' }).click();
    await expect(alice.page.getByRole('status').filter({ hasText: '未来への手紙を封印しました' })).toBeVisible();
    const sealed = alice.page.locator('[data-testid="diary-entry"][data-kind="sealed"]');
    await expect(sealed).toHaveCount(1);
    await expect(sealed).toContainText('封印中の手紙');
    await expect(sealed).not.toContainText('星がきれい');
    await expect(alice.page.getByTestId('diary-entry')).toHaveCount(2);

    // Still sealed after a reload (which also clears the toast off the screenshots).
    await alice.page.reload();
    await expect(sealed).toContainText('届くまで中身は読めません。');
    await expect(alice.page.getByRole('textbox', { name: '今日のできごと' })).toHaveValue('');
    await expectNoSeriousA11yViolations(alice.page, '/diary');
    await shootViewports(alice.page, 'diary');
    await alice.page.screenshot({ path: `${SCREENSHOT_DIR}/diary-sealed-letter.png` });
  });

  await alice.context.close();
  await bob.context.close();
  await carol.context.close();
});
