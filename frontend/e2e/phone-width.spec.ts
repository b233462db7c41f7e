import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { paths } from '../src/config/paths';
import { markFirstRunSeen, newAccount, newPerson, signUpThroughApi } from './support/accounts';
import { postFromPage } from './support/helpers';
import { mailDir } from './support/mail';

/**
 * Every signed-in screen fits a 390 × 844 phone: the document is exactly as wide as the viewport, so
 * nothing scrolls sideways (issue 23 item 4: /chat was 689 px wide, its visually hidden speaker labels
 * taking MUI's `width: 1` = 100%).
 *
 * The routes are read from the signed-in branch of the router (src/app-web/router.tsx), so a screen
 * added there is checked here without editing this file. Routes with a parameter get real ids: a friend
 * (a second member who accepted), a diary entry and a pending purchase of the member's own; /chat has a
 * reply in it, so its bubbles (with the hidden labels) are on screen.
 *
 * Needs E2E_BASE_URL and E2E_MAIL_DIR (the members verify with the mailed code).
 */

const PHONE = { width: 390, height: 844 };

/** The `paths.…` names routed while signed in, in the router's order. */
function signedInRouteNames(): string[] {
  const source = readFileSync(join(__dirname, '../src/app-web/router.tsx'), 'utf8');
  const start = source.indexOf('{signedIn ? (');
  const end = source.indexOf(') : (', start);
  expect(start, 'the router has a signed-in branch').toBeGreaterThan(-1);
  expect(end, 'the router has a signed-out branch after it').toBeGreaterThan(start);
  const names = [...source.slice(start, end).matchAll(/path=\{paths\.([\w.]+)\}/g)].map((m) => m[1] ?? '');
  return [...new Set(names)];
}

/** A `paths` entry by its dotted name: a string, or a `{ pattern }` with `:params`. */
function routeOf(name: string): string {
  let value: unknown = paths;
  for (const key of name.split('.')) value = (value as Record<string, unknown>)[key];
  if (typeof value === 'string') return value;
  const pattern = (value as { pattern?: unknown } | undefined)?.pattern;
  if (typeof pattern !== 'string') throw new Error(`paths.${name} is neither a path nor a pattern`);
  return pattern;
}

/** Fills each `:param` of `pattern` from `ids`; a parameter without an id fails the test. */
function fill(pattern: string, ids: Record<string, string>): string {
  return pattern.replace(/:(\w+)/g, (_, param: string) => {
    const id = ids[param];
    if (id === undefined) throw new Error(`no id for :${param} of ${pattern}: add one to the test`);
    return encodeURIComponent(id);
  });
}

async function userId(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/user');
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { id: string }).id;
}

async function postOk(page: Page, path: string, body: unknown): Promise<string> {
  const response = await postFromPage(page, path, body);
  expect(response.status, `${path}: ${response.text}`).toBeLessThan(300);
  return response.text;
}

/** The page's width in CSS pixels: the document's scroll width and the viewport's width. */
async function widths(page: Page): Promise<{ document: number; viewport: number }> {
  return page.evaluate(() => ({ document: document.documentElement.scrollWidth, viewport: window.innerWidth }));
}

test('every signed-in route is as wide as a 390 px phone', async ({ browser, page }) => {
  test.setTimeout(240_000);
  mailDir(); // Fails at once, with the variable's name, when the stack does not say where mail goes.
  const names = signedInRouteNames();
  expect(names, 'routes read from the router').toEqual(expect.arrayContaining(['home', 'chat', 'friends', 'diary', 'shop', 'settings']));

  // The member, and a friend of theirs in a browser of their own.
  const member = newAccount('wide', { year: '1990', month: '4', day: '10', hour: '08', minute: '30' });
  const friend = newAccount('wfriend', { year: '1988', month: '11', day: '2', hour: '21', minute: '0' });
  await page.setViewportSize(PHONE);
  await markFirstRunSeen(page);
  await signUpThroughApi(page, member);
  const memberId = await userId(page);
  const other = await newPerson(browser, 'Asia/Tokyo');
  await signUpThroughApi(other.page, friend);
  const friendId = await userId(other.page);
  await postOk(other.page, '/api/friends/requests', { userId: memberId });
  await other.context.close();
  await postOk(page, `/api/friends/requests/${encodeURIComponent(friendId)}/accept`, {});

  // A diary entry, a pending purchase and a chat reply of the member's own.
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Asia/Tokyo' });
  const entry = JSON.parse(
    await postOk(page, '/api/diary', { clientId: randomUUID(), content: '横にはみ出さない日記。', date: today, timezoneOffset: -540 }),
  ) as { id: string };
  const purchase = JSON.parse(await postOk(page, '/api/shop/checkout', { itemId: 2, quantity: 1, attemptId: randomUUID() })) as {
    purchaseId: string;
  };
  const stream = await postOk(page, '/api/chat/messages', { messageId: randomUUID(), message: 'こんにちは', timezoneOffset: -540 });
  expect(stream, 'the reply completed').toContain('event: done');
  // A support ticket of the member's (issue 24), for /settings/support/:ticketId.
  const ticket = JSON.parse(
    await postOk(page, '/api/support/tickets', {
      requestId: randomUUID(),
      subject: '横にはみ出さないお問い合わせの件名がとても長いときにも折り返して表示されるかの確認',
      message: '長いURLも折り返されるか: https://example.com/' + 'a'.repeat(120),
    }),
  ) as { ticket: { id: string } };
  const ids = { userId: friendId, id: entry.id, purchaseId: purchase.purchaseId, ticketId: ticket.ticket.id };

  const tooWide: string[] = [];
  for (const name of names) {
    const route = fill(routeOf(name), ids);
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // The bubbles carry the hidden speaker labels that made /chat too wide.
    if (name === 'chat') await expect(page.getByRole('log', { name: 'チャット' }).getByText('メグ:').first()).toBeAttached();
    const { document, viewport } = await widths(page);
    expect(viewport).toBe(PHONE.width);
    if (document !== viewport) tooWide.push(`${route} (paths.${name}): ${document} px`);
  }
  expect(tooWide, 'routes wider than the phone').toEqual([]);
});
