import { readFileSync } from 'node:fs';

import { expect, type Page } from '@playwright/test';

/** Where the screenshots of the public pages go (ignored by git). */
export const SCREENSHOT_DIR = 'test-results/screenshots';

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1440, height: 900 },
} as const;

export const PILLARS = ['year', 'month', 'day', 'hour'] as const;
export type Pillar = { heavenlyStem: string; earthlyBranch: string };
export type BirthInput = {
  birthDate: string;
  birthTime: string;
  birthLocation: string;
  coordinates: { longitude: number; latitude: number };
};

/** Marks the intro as seen before any page script runs, as a returning visitor's browser would. */
export async function skipIntro(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      localStorage.setItem('hasSeenLandingAnimation', 'true');
    } catch {
      // about:blank has no storage; the app's own pages do.
    }
  });
}

/**
 * Marks the first-run onboarding as finished in this browser before any page script runs, for journeys
 * that sign a new user in but are about something else (e2e/onboarding.spec.ts covers the overlay).
 */
export async function skipOnboarding(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      localStorage.setItem('meguri_onboarding_completed', 'true');
    } catch {
      // about:blank has no storage; the app's own pages do.
    }
  });
}

/**
 * Stops the page's fake clock (installed with `page.clock.install()` before `goto`) once the page has
 * booted. Pausing before the first load would also hold back the app's own start-up, so tests let the
 * clock run until the screen is up and then take control of time.
 */
export async function pauseClockNow(page: Page): Promise<void> {
  // The clock keeps running during the round trip: aim a little ahead of the page's present.
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 250);
}

/**
 * Screenshots of the page at the phone and desktop sizes (`<name>-phone.png`, `<name>-desktop.png`, the whole
 * page), then back to the 1280×900 the journeys run at.
 */
export async function shootViewports(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Takes the focus out of the page (focus inside a rotating element holds its turn). */
export async function blurActiveElement(page: Page): Promise<void> {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

/** The four pillars as the page shows them. */
export async function shownPillars(page: Page): Promise<Record<string, Pillar>> {
  const chart: Record<string, Pillar> = {};
  for (const key of PILLARS) {
    chart[key] = {
      heavenlyStem: (await page.getByTestId(`pillar-${key}-stem`).textContent())?.trim() ?? '',
      earthlyBranch: (await page.getByTestId(`pillar-${key}-branch`).textContent())?.trim() ?? '',
    };
  }
  return chart;
}

export async function pickDate(page: Page, year: string, month: string, day: string): Promise<void> {
  await page.getByRole('combobox', { name: '年' }).selectOption(year);
  await page.getByRole('combobox', { name: '月' }).selectOption(month);
  await page.getByRole('combobox', { name: '日' }).selectOption(day);
}

/** Waits for the POST the page sends to the calculator and returns its body. */
export function nextCalculation(page: Page) {
  return page
    .waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/public/calculate-bazi')
    .then((req) => req.postDataJSON() as BirthInput);
}

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

type AxeViolation = { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * Runs axe-core on the page as it is now and fails on any violation of serious or critical impact,
 * listing each with the elements concerned.
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target),
    }));
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious, `axe: serious or critical violations on ${what}`).toEqual([]);
}

/** Same-origin requests from the page, so the gateway's origin check and the session cookie apply. */
export async function postFromPage(page: Page, path: string, body: unknown): Promise<{ status: number; text: string }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: 'POST',
        credentials: 'include',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { path, body },
  );
}
