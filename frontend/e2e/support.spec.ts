import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { completeSignupWizard, newAccount, newPerson, signUpThroughApi, type NewAccount } from './support/accounts';
import { SCREENSHOT_DIR } from './support/helpers';
import { extractLinks, mailDir, waitForMail } from './support/mail';

/**
 * Support end to end, against the real fleet (gateway, identity, support, notify and its mail): a new member
 * opens a ticket from /settings with a PNG screenshot → it is listed, its thread shows the thumbnail (and the
 * image is served to its owner) → staff replies (E2E_STAFF_REPLY) → the mail to the member carries the reply
 * link → opened signed out, in a browser of its own, the page shows the thread and takes the member's answer →
 * the member's signed-in thread shows it, marked 「メールから返信」. The same link with one character changed
 * and a made-up token show the one 「このリンクは使えません」 page. A second member gets 404 for the first's
 * ticket and screenshot. Screenshots: test-results/screenshots/support-*.png.
 *
 * Needs E2E_BASE_URL (playwright.config.ts), E2E_MAIL_DIR (support/mail.ts) and, for the staff reply and the
 * reply link, E2E_STAFF_REPLY: an executable that takes a ticket id and a text, stores that text as a staff
 * reply (which mails the member) and prints the stored message as JSON.
 */

const ZONE = 'Asia/Tokyo';
const STAFF_REPLY = process.env.E2E_STAFF_REPLY;
const STAFF_TEXT = 'お問い合わせありがとうございます。画面の表示を確認いたしました。ご利用の端末を教えていただけますか。';
const ANSWER = 'iPhone 15 の Safari で見ています。よろしくお願いします。';

test.describe.configure({ mode: 'serial' });

// ---------------------------------------------------------------------------------------------------
// A real PNG, made here (no fixture file): support decodes and re-encodes what it is sent.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG of `width`×`height`: a gradient, so a broken decode would not pass for a blank image. */
function gradientPng(width: number, height: number): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * row] = 0; // filter: none
    for (let x = 0; x < width; x += 1) {
      const at = y * row + 1 + x * 3;
      raw[at] = Math.round((x / (width - 1)) * 255);
      raw[at + 1] = Math.round((y / (height - 1)) * 255);
      raw[at + 2] = 160;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------------

type Attachment = { id: string; contentType: string; width: number; height: number; sizeBytes: number };
type Message = { id: string; authorType: string; body: string; via: string; attachments: Attachment[] };
type Thread = { ticket: { id: string; subject: string }; messages: Message[] };

const member = newAccount('sp', { year: '1993', month: '6', day: '18', hour: '10', minute: '20' });
const subject = `画面の表示が崩れます ${Date.now().toString(36)}`;
const PNG = { width: 320, height: 200 };

/** Shared by the steps below (serial): the member's browser and what the first test made. */
let memberContext: BrowserContext | undefined;
let memberPage: Page;
let ticketId = '';
let attachmentId = '';
let replyPath = '';

const conversation = (page: Page) => page.getByRole('list', { name: 'やりとり' });

/** Waits until the image has been read and decoded (a broken or refused image has no natural width). */
async function expectImageLoaded(page: Page, name: string): Promise<void> {
  const image = conversation(page).getByRole('img', { name }).first();
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0))).toBeGreaterThan(0);
}

async function signUp(browser: Browser, account: NewAccount): Promise<{ context: BrowserContext; page: Page }> {
  const person = await newPerson(browser, ZONE);
  await person.page.goto('/auth/signup');
  await completeSignupWizard(person.page, account);
  return person;
}

test.afterAll(async () => {
  await memberContext?.close();
});

test('a new member opens a ticket from /settings with a PNG screenshot, listed and shown in its thread', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
  const person = await signUp(browser, member);
  memberContext = person.context;
  memberPage = person.page;
  const page = memberPage;
  const pngFile = testInfo.outputPath('screen.png');
  writeFileSync(pngFile, gradientPng(PNG.width, PNG.height));

  await test.step('/settings → お問い合わせ → 新しいお問い合わせ, with the screenshot attached', async () => {
    await page.goto('/settings');
    const section = page.getByRole('region', { name: 'お問い合わせ' });
    await expect(section.getByText('お問い合わせはまだありません。')).toBeVisible();
    await section.getByRole('button', { name: '新しいお問い合わせ' }).click();
    const dialog = page.getByRole('dialog', { name: '新しいお問い合わせ' });
    await dialog.getByRole('textbox', { name: /^件名/ }).fill(subject);
    await dialog.getByRole('textbox', { name: /^お問い合わせ内容/ }).fill('ホーム画面の下の方がはみ出して見えます。スクリーンショットを添付します。');
    await dialog.getByLabel('添付する画像を選ぶ').setInputFiles(pngFile);
    await expect(dialog.getByRole('list', { name: '添付する画像' }).getByRole('img', { name: '添付画像 1' })).toBeVisible();

    const opened = page.waitForResponse(
      (res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/support/tickets',
    );
    await dialog.getByRole('button', { name: '送信する' }).click();
    const response = await opened;
    expect(response.status(), await response.text()).toBe(201);
    expect(response.request().headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    const thread = (await response.json()) as Thread;
    ticketId = thread.ticket.id;
    const [attachment] = thread.messages[0]?.attachments ?? [];
    expect(attachment).toMatchObject({ contentType: 'image/png', width: PNG.width, height: PNG.height });
    attachmentId = attachment?.id ?? '';
    await expect(dialog).toBeHidden();
  });

  await test.step('the ticket is listed; screenshot of the list', async () => {
    const list = page.getByRole('list', { name: 'お問い合わせの一覧' });
    const item = list.getByRole('link', { name: new RegExp(subject) });
    await expect(item).toBeVisible();
    await expect(item.getByText('受付中')).toBeVisible();
    await page.getByRole('region', { name: 'お問い合わせ' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}/support-list.png` });
  });

  await test.step('its thread shows the thumbnail, served to its owner; screenshot of the thread', async () => {
    await page.getByRole('list', { name: 'お問い合わせの一覧' }).getByRole('link', { name: new RegExp(subject) }).click();
    await expect(page).toHaveURL(new RegExp(`/settings/support/${ticketId}$`));
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expectImageLoaded(page, '添付画像 1');
    const open = conversation(page).getByRole('link', { name: '添付画像 1を新しいタブで開く' });
    await expect(open).toHaveAttribute('href', new RegExp(`/api/support/attachments/${attachmentId}$`));
    await expect(open).toHaveAttribute('target', '_blank');
    const image = await page.request.get(`/api/support/attachments/${attachmentId}`);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toContain('image/png');
    await page.screenshot({ path: `${SCREENSHOT_DIR}/support-thread.png`, fullPage: true });
  });
});

test('staff replies, and the member answers from the mailed link signed out; the thread shows the answer as from the mail', async ({ browser }) => {
  test.skip(!STAFF_REPLY, 'E2E_STAFF_REPLY is not set: no way to make a staff reply (its mail carries the reply link)');
  test.setTimeout(180_000);
  expect(ticketId, 'the ticket of the first test').not.toBe('');
  const page = memberPage;
  const since = Date.now();

  await test.step('staff replies (E2E_STAFF_REPLY)', () => {
    const printed = execFileSync(STAFF_REPLY ?? '', [ticketId, STAFF_TEXT], { encoding: 'utf8', timeout: 60_000 });
    const stored = JSON.parse(printed) as unknown;
    expect(JSON.stringify(stored), 'the stored staff message').toContain('お問い合わせありがとうございます。');
  });

  await test.step('the mail to the member carries the reply link', async () => {
    const mail = await waitForMail(member.email, {
      since,
      where: (m) => m.subject.includes(subject) && extractLinks(m).some((url) => url.pathname.startsWith('/support/reply/')),
      timeoutMs: 60_000,
    });
    const link = extractLinks(mail).find((url) => url.pathname.startsWith('/support/reply/'));
    replyPath = link?.pathname ?? '';
    expect(replyPath).toMatch(/^\/support\/reply\/[^/]+$/);
  });

  const visitor = await newPerson(browser, ZONE);
  try {
    await test.step('opened in a browser that is signed out, the page shows the thread; screenshot', async () => {
      const me = await visitor.page.request.get('/api/auth/user');
      expect(me.status(), 'nobody is signed in here').toBe(401);
      await visitor.page.goto(replyPath);
      await expect(visitor.page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
      await expect(visitor.page.getByText(/^このリンクの有効期限: \d{4}年\d{1,2}月\d{1,2}日$/)).toBeVisible();
      const thread = conversation(visitor.page);
      await expect(thread.getByRole('listitem')).toHaveCount(2);
      await expect(thread.getByRole('listitem').last()).toContainText('お問い合わせありがとうございます。');
      await expectImageLoaded(visitor.page, '添付画像 1');
      await expect(thread.getByRole('img', { name: '添付画像 1' })).toHaveAttribute(
        'src',
        new RegExp(`/api/public/support/reply/[^/]+/attachments/${attachmentId}$`),
      );
      await expect(visitor.page.getByRole('link', { name: 'ログイン / 登録' })).toHaveCount(0);
      await visitor.page.screenshot({ path: `${SCREENSHOT_DIR}/support-reply-page.png`, fullPage: true });
    });

    await test.step('the member answers there; the thread shows the answer', async () => {
      await visitor.page.getByRole('textbox', { name: /^返信内容/ }).fill(ANSWER);
      const posted = visitor.page.waitForResponse(
        (res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/api/public/support/reply/'),
      );
      await visitor.page.getByRole('button', { name: '返信する' }).click();
      const response = await posted;
      expect(response.status(), await response.text()).toBe(201);
      expect(((await response.json()) as Message).via).toBe('email');
      await expect(visitor.page.getByText('返信を送信しました')).toBeVisible();
      const last = conversation(visitor.page).getByRole('listitem').last();
      await expect(last).toContainText(ANSWER);
      await expect(last.getByText('メールから返信')).toBeVisible();
      await expect(conversation(visitor.page).getByRole('listitem')).toHaveCount(3);
    });

    await test.step('the same link with one character changed, and a made-up token, show the one page', async () => {
      const token = replyPath.slice('/support/reply/'.length);
      const middle = Math.floor(token.length / 2);
      const altered = `${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`;
      // Made up in a token's form (32 bytes, base64url), so support itself is asked and says no.
      const madeUp = randomBytes(32).toString('base64url');
      const pages: string[] = [];
      for (const path of [`/support/reply/${altered}`, `/support/reply/${madeUp}`]) {
        await visitor.page.goto(path);
        await expect(visitor.page.getByRole('heading', { level: 1, name: 'このリンクは使えません' })).toBeVisible();
        await expect(visitor.page.getByRole('link', { name: 'ログインして返信する' })).toHaveAttribute(
          'href',
          '/auth/login?next=%2Fsettings%23support',
        );
        const text = await visitor.page.getByRole('main').innerText();
        expect(text).not.toContain(subject);
        pages.push(text);
        const api = await visitor.page.request.get(`/api/public/support/reply/${path.split('/').pop() ?? ''}`);
        expect(api.status()).toBe(404);
        expect(((await api.json()) as { code: string }).code).toBe('REPLY_LINK_INVALID');
      }
      expect(pages[0]).toBe(pages[1]);
      await visitor.page.screenshot({ path: `${SCREENSHOT_DIR}/support-reply-link-invalid.png` });
    });
  } finally {
    await visitor.context.close();
  }

  await test.step("the member's signed-in thread shows the answer, marked 「メールから返信」", async () => {
    await page.goto(`/settings/support/${ticketId}`);
    const items = conversation(page).getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(1)).toHaveAttribute('aria-label', /のメッセージ$/);
    await expect(items.nth(1)).toContainText('お問い合わせありがとうございます。');
    const answer = items.last();
    await expect(answer).toHaveAttribute('aria-label', 'あなたのメッセージ');
    await expect(answer).toContainText(ANSWER);
    await expect(answer.getByText('メールから返信')).toBeVisible();
    await expect(items.first().getByText('メールから返信')).toHaveCount(0);
  });
});

test("another member gets 404 for the first member's ticket and screenshot", async ({ browser }) => {
  test.setTimeout(120_000);
  expect(ticketId, 'the ticket of the first test').not.toBe('');
  const other = await newPerson(browser, ZONE);
  try {
    await signUpThroughApi(other.page, newAccount('sq', { year: '1989', month: '2', day: '3', hour: '07', minute: '45' }));
    const me = await other.page.request.get('/api/auth/user');
    expect(me.status(), 'the second member is signed in').toBe(200);

    const ticket = await other.page.request.get(`/api/support/tickets/${ticketId}`);
    expect(ticket.status()).toBe(404);
    const image = await other.page.request.get(`/api/support/attachments/${attachmentId}`);
    expect(image.status()).toBe(404);
    expect(image.headers()['content-type'] ?? '').not.toContain('image/');
  } finally {
    await other.context.close();
  }
});
