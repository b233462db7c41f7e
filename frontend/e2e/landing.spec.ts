import { expect, test, type Page } from '@playwright/test';

/**
 * The public calculator end to end, against the real gateway: pick a full birth input on the landing
 * page, submit, and check that the chart shown is the one the API computes for the same input.
 */

const PILLARS = ['year', 'month', 'day', 'hour'] as const;

type Pillar = { heavenlyStem: string; earthlyBranch: string };
type CalculateResponse = { baziChart: Record<(typeof PILLARS)[number], Pillar> };

async function shownPillars(page: Page): Promise<Record<string, Pillar>> {
  const chart: Record<string, Pillar> = {};
  for (const key of PILLARS) {
    chart[key] = {
      heavenlyStem: (await page.getByTestId(`pillar-${key}-stem`).textContent())?.trim() ?? '',
      earthlyBranch: (await page.getByTestId(`pillar-${key}-branch`).textContent())?.trim() ?? '',
    };
  }
  return chart;
}

test('the landing calculator shows the chart the API computes', async ({ page, request, baseURL }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'ログイン / 登録' })).toBeVisible();

  await page.getByRole('combobox', { name: '年' }).selectOption('1990');
  await page.getByRole('combobox', { name: '月' }).selectOption('5');
  await page.getByRole('combobox', { name: '日' }).selectOption('15');
  await page.getByRole('combobox', { name: '時' }).selectOption('14');
  await page.getByRole('combobox', { name: '分' }).selectOption('30');

  const place = page.getByRole('combobox', { name: '出生地' });
  await place.fill('札幌');
  const suggestions = page.getByRole('listbox', { name: '出生地' });
  const first = suggestions.getByRole('option').first();
  await expect(first).toBeVisible();
  const expectedCount = await suggestions.getByRole('option').count();
  expect(expectedCount).toBeGreaterThan(0);
  expect(expectedCount).toBeLessThanOrEqual(5);
  const chosen = (await first.textContent())?.trim() ?? '';
  expect(chosen).toContain('札幌');
  await first.click();
  await expect(place).toHaveValue(chosen);

  const submit = page.getByRole('button', { name: '命式を読み解く' });
  await expect(submit).toBeEnabled();
  const calculation = page.waitForRequest(
    (req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/public/calculate-bazi',
  );
  await submit.click();

  // Every field was filled in, so no "missing details" dialog may interrupt.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const sent = (await calculation).postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({ birthDate: '1990-05-15', birthTime: '14:30', birthLocation: chosen });
  expect(sent.coordinates).toEqual({ longitude: expect.any(Number), latitude: expect.any(Number) });

  await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });

  const response = await request.post('/api/public/calculate-bazi', {
    data: sent,
    headers: { Origin: new URL(baseURL ?? '').origin, 'Content-Type': 'application/json' },
  });
  expect(response.ok(), `calculate-bazi answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as CalculateResponse & {
    analysis?: { pillars: { position: string; tenGod: string; lifeStage: string; nayin: string }[] };
  };
  const expected = body.baziChart;

  expect(await shownPillars(page)).toEqual({
    year: expected.year,
    month: expected.month,
    day: expected.day,
    hour: expected.hour,
  });
  await expect(page.getByTestId('element-dominant')).toBeVisible();

  await page.screenshot({ path: 'test-results/landing-result.png', fullPage: true });

  // The chart's details speak Japanese (通変星, 十二運, 納音) and equal the API's analysis.
  await page.getByRole('button', { name: '命式の詳細を見る' }).click();
  for (const p of body.analysis?.pillars ?? []) {
    if (p.position !== 'day') {
      await expect(page.getByTestId(`detail-tengod-${p.position}`)).toContainText(p.tenGod);
    }
    await expect(page.getByTestId(`detail-lifestage-${p.position}`)).toContainText(p.lifeStage);
    await expect(page.getByTestId(`detail-nayin-${p.position}`)).toContainText(p.nayin);
  }
  expect(body.analysis?.pillars.map((p) => p.tenGod)).toContain('比肩');
  await page.screenshot({ path: 'test-results/landing-details.png', fullPage: true });
});
