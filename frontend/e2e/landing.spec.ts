import { expect, test } from '@playwright/test';

import {
  SCREENSHOT_DIR,
  VIEWPORTS,
  nextCalculation,
  pauseClockNow,
  pickDate,
  shownPillars,
  skipIntro,
  type Pillar,
} from './support/helpers';

/**
 * The landing page end to end, against the real gateway and engine: the intro, the header, the birth
 * form with its dialog and place suggestions, the chart compared with the API's own answer, reset,
 * errors and the hand-over to signup.
 */

type CalculateResponse = {
  baziChart: Record<'year' | 'month' | 'day' | 'hour', Pillar>;
  elements: Record<string, number | string>;
  analysis?: { pillars: { position: string; tenGod: string; lifeStage: string; nayin: string }[] };
};

const originHeaders = (baseURL: string | undefined) => ({
  Origin: new URL(baseURL ?? '').origin,
  'Content-Type': 'application/json',
});

test.describe('intro', () => {
  test('plays four phases and a fade on the first visit, not on the second', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');

    const intro = page.getByTestId('landing-intro');
    const text = page.getByTestId('landing-intro-text');
    await expect(intro).toBeVisible();
    await pauseClockNow(page);
    await expect(page.getByRole('button', { name: 'スキップ' })).toBeVisible();
    await expect(text).toContainText('すべては巡っている。');
    expect(await page.evaluate(() => localStorage.getItem('hasSeenLandingAnimation'))).toBeNull();
    await page.waitForTimeout(1000); // the line's CSS fade-in runs on real time
    await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-intro-1280x900.png` });

    for (const line of ['土は金を育む。', '水はふたたび木を潤す。', 'あなただけの流れがある。']) {
      await page.clock.runFor(2000);
      await expect(text).toContainText(line);
    }
    await page.clock.runFor(2000);
    await expect(intro).toHaveAttribute('data-phase', 'fade');
    await page.clock.runFor(500);
    await expect(intro).toHaveCount(0);
    await expect(page.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'false');
    await page.clock.runFor(300);
    await expect(page.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('hasSeenLandingAnimation'))).toBe('true');

    // Second visit: straight to the hero.
    await page.clock.resume();
    await page.reload();
    await expect(page.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'true');
    await expect(page.getByTestId('landing-intro')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'ログイン / 登録' })).toBeVisible();
  });

  test('can be skipped, which also sets the flag', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'スキップ' }).click();

    await expect(page.getByTestId('landing-intro')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: '巡り', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('hasSeenLandingAnimation'))).toBe('true');
  });

  test('is much shorter with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/');
    // Four short phases and no fade: gone well before the first 2 s phase would have ended.
    await expect(page.getByTestId('landing-intro')).toHaveCount(0, { timeout: 4000 });
    await expect(page.getByTestId('landing-hero')).toHaveAttribute('data-revealed', 'true');
  });
});

test.describe('landing', () => {
  test.beforeEach(async ({ page }) => {
    await skipIntro(page);
  });

  test('the header hides while scrolling below 100 px and returns 1 s after scrolling stops', async ({ page }) => {
    await page.goto('/');
    const header = page.locator('header');
    const login = page.getByRole('link', { name: 'ログイン / 登録' });
    await expect(login).toBeVisible();
    await expect(login).toHaveAttribute('href', '/auth/login');

    await page.evaluate(() => window.scrollTo({ top: 60, behavior: 'instant' }));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-hidden', 'false');

    await page.evaluate(() => window.scrollTo({ top: 700, behavior: 'instant' }));
    const scrolledAt = Date.now();
    await expect(header).toHaveAttribute('data-hidden', 'true');
    await expect(login).toBeHidden();

    await expect(header).toHaveAttribute('data-hidden', 'false', { timeout: 3000 });
    expect(Date.now() - scrolledAt).toBeGreaterThanOrEqual(900);
    await expect(login).toBeVisible();
  });

  test('the hero button scrolls down to the birth form', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: '無料で命式を見る' }).click();
    await expect(page.getByRole('heading', { name: '生年月日を入力' })).toBeInViewport();
  });

  test('missing time and place: the dialog can go back, or go on with noon in Tokyo', async ({ page }) => {
    await page.goto('/');
    const submit = page.getByRole('button', { name: '命式を読み解く' });
    await expect(submit).toBeDisabled();
    await pickDate(page, '1985', '11', '3');
    await expect(submit).toBeEnabled();

    await submit.click();
    const dialog = page.getByRole('dialog', { name: '太陽が、あなたの流れを照らす。' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('どうしますか？');
    await expect(dialog).toContainText('より精密');
    await expect(dialog).toContainText('簡略化');

    await dialog.getByRole('button', { name: '入力に戻る' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('combobox', { name: '年' })).toHaveValue('1985');
    await expect(page.getByTestId('bazi-result')).toHaveCount(0);

    await submit.click();
    const calculation = nextCalculation(page);
    await page.getByRole('button', { name: 'このまま進む' }).click();
    // The skipped time stays unknown: the server uses 12:00 and marks what rests on it.
    expect(await calculation).toEqual({
      birthDate: '1985-11-03',
      birthTime: '',
      birthLocation: '東京, 日本',
      coordinates: { longitude: 139.6503, latitude: 35.6762 },
    });
    await expect(page.getByRole('status').filter({ hasText: '命式を読み解いています...' })).toBeVisible();
    await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });
  });

  test('the calculator shows the chart the API computes; reset asks first; signup receives the input', async ({
    page,
    request,
    baseURL,
  }) => {
    await page.goto('/');

    await pickDate(page, '1990', '5', '15');
    await page.getByRole('combobox', { name: '時' }).selectOption('14');
    await page.getByRole('combobox', { name: '分' }).selectOption('30');

    const place = page.getByRole('combobox', { name: '出生地' });
    await place.fill('札幌');
    const suggestions = page.getByRole('listbox', { name: '出生地' });
    const first = suggestions.getByRole('option').first();
    await expect(first).toBeVisible();
    const count = await suggestions.getByRole('option').count();
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(5);
    const chosen = (await first.textContent())?.trim() ?? '';
    expect(chosen).toContain('札幌');
    const coordinatesLookup = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/places/coordinates');
    await first.click();
    expect((await coordinatesLookup).ok()).toBe(true);
    await expect(place).toHaveValue(chosen);

    const submit = page.getByRole('button', { name: '命式を読み解く' });
    await expect(submit).toBeEnabled();
    const calculation = nextCalculation(page);
    const startedAt = Date.now();
    await submit.click();

    // Every field was filled in, so no "missing details" dialog may interrupt.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const sent = await calculation;
    expect(sent).toMatchObject({ birthDate: '1990-05-15', birthTime: '14:30', birthLocation: chosen });
    // Sapporo, not the Tokyo fallback.
    expect(sent.coordinates.latitude).toBeGreaterThan(42);
    expect(sent.coordinates.longitude).toBeGreaterThan(140);

    await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });
    // The loading state lasts at least 3 s in total.
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2900);

    const response = await request.post('/api/public/calculate-bazi', { data: sent, headers: originHeaders(baseURL) });
    expect(response.ok(), `calculate-bazi answered ${response.status()}`).toBe(true);
    const body = (await response.json()) as CalculateResponse;
    // The characters shown are the API's (its pillars also carry their elements).
    expect(body.baziChart).toMatchObject(await shownPillars(page));
    await expect(page.getByTestId('element-dominant')).toHaveAttribute('data-element', String(body.elements.dominant));
    for (const key of ['wood', 'fire', 'earth', 'metal', 'water']) {
      const value = Number(body.elements[key]);
      await expect(page.getByTestId(`element-${key}`)).toHaveAttribute('data-weak', String(value < 3));
    }
    await expect(page.getByTestId('balance-reading')).toBeVisible();
    await expect(page.getByTestId('balance-reading-advice')).toContainText('ひとこと：');

    // The chart's details speak Japanese (通変星, 十二運, 納音) and equal the API's analysis.
    await page.getByRole('button', { name: '命式の詳細を見る' }).click();
    for (const p of body.analysis?.pillars ?? []) {
      if (p.position !== 'day') {
        await expect(page.getByTestId(`detail-tengod-${p.position}`)).toContainText(p.tenGod);
      }
      await expect(page.getByTestId(`detail-lifestage-${p.position}`)).toContainText(p.lifeStage);
      await expect(page.getByTestId(`detail-nayin-${p.position}`)).toContainText(p.nayin);
    }

    // Reset: cancel keeps the result, confirm clears result and form.
    await page.getByRole('button', { name: '最初からやり直す' }).click();
    const resetDialog = page.getByRole('dialog', { name: '最初からやり直しますか？' });
    await expect(resetDialog).toContainText('入力した情報がリセットされます。');
    await resetDialog.getByRole('button', { name: 'キャンセル' }).click();
    await expect(resetDialog).toBeHidden();
    await expect(page.getByTestId('bazi-result')).toBeVisible();

    // Signup receives the input through session storage.
    await page.getByRole('button', { name: '無料で登録する' }).click();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    const handedOver = await page.evaluate(() => JSON.parse(sessionStorage.getItem('preFillBirthData') ?? 'null'));
    expect(handedOver).toEqual(sent);
  });

  test('reset clears the result and the form', async ({ page }) => {
    await page.goto('/');
    await pickDate(page, '2000', '1', '1');
    await page.getByRole('button', { name: '命式を読み解く' }).click();
    await page.getByRole('button', { name: 'このまま進む' }).click();
    await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });

    await page.getByRole('button', { name: '最初からやり直す' }).click();
    await page.getByRole('dialog', { name: '最初からやり直しますか？' }).getByRole('button', { name: 'やり直す' }).click();

    await expect(page.getByTestId('bazi-result')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: '年' })).toHaveValue('');
    await expect(page.getByRole('button', { name: '命式を読み解く' })).toBeDisabled();
  });

  test("an impossible date (2月30日) shows the engine's own message and returns to the form", async ({
    page,
    request,
    baseURL,
  }) => {
    const input = {
      birthDate: '1990-02-30',
      birthTime: '12:00',
      birthLocation: '東京, 日本',
      coordinates: { longitude: 139.6503, latitude: 35.6762 },
    };
    const direct = await request.post('/api/public/calculate-bazi', { data: input, headers: originHeaders(baseURL) });
    expect(direct.status()).toBe(400);
    const { message } = (await direct.json()) as { message: string };
    expect(message).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);

    await page.goto('/');
    await pickDate(page, '1990', '2', '30');
    await page.getByRole('button', { name: '命式を読み解く' }).click();
    await page.getByRole('button', { name: 'このまま進む' }).click();

    const toast = page.getByRole('alert');
    await expect(toast).toContainText('エラー');
    await expect(toast).toContainText(message);
    await expect(page.getByText('命式を読み解いています...')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: '月' })).toHaveValue('2');
    await expect(page.getByTestId('bazi-result')).toHaveCount(0);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`screenshot of the result at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-hero-${viewport.width}x${viewport.height}.png` });
      await pickDate(page, '1992', '8', '21');
      await page.getByRole('combobox', { name: '時' }).selectOption('06');
      await page.getByRole('combobox', { name: '分' }).selectOption('45');
      await page.getByRole('combobox', { name: '出生地' }).fill('京都');
      await page.getByRole('listbox', { name: '出生地' }).getByRole('option').first().click();
      await expect(page.getByRole('button', { name: '命式を読み解く' })).toBeEnabled();
      await page.getByRole('button', { name: '命式を読み解く' }).click();
      await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });
      // Nothing may overflow sideways on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      // Back at the top the header shows again; the full-page picture then has it in place.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
      await expect(page.locator('header')).toHaveAttribute('data-hidden', 'false');
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/landing-result-${name}-${viewport.width}x${viewport.height}.png`, fullPage: true });
    });
  }
});
