import { expect, test } from '@playwright/test';

import { expectNoSeriousA11yViolations, pickDate, skipIntro } from './support/helpers';

/** axe-core on the public pages and both legal modals: no serious or critical violations. */

test('the intro', async ({ page }) => {
  // No fake clock here: axe itself waits on timers. The intro runs 8.5 s, ample time for one check.
  await page.goto('/');
  await expect(page.getByTestId('landing-intro-text')).toBeVisible();
  // Let the first line's fade-in finish: axe judges colours as they are at that moment.
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('landing-intro')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'the intro');
});

test.describe('after the intro', () => {
  test.beforeEach(async ({ page }) => {
    // Motion would catch elements mid-fade, which axe judges on their momentary colours.
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });

  test('the landing page, its missing-details dialog and its result', async ({ page }) => {
    await skipIntro(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: '生年月日を入力' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the landing page');

    await pickDate(page, '1978', '3', '9');
    await page.getByRole('button', { name: '命式を読み解く' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the missing-details dialog');

    await page.getByRole('button', { name: 'このまま進む' }).click();
    await expect(page.getByTestId('bazi-result')).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page, 'the landing result');
  });

  test('the about page', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByTestId('feature-carousel')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'the about page');
  });

  for (const title of ['プライバシーポリシー', '利用規約']) {
    test(`the ${title} modal`, async ({ page }) => {
      await skipIntro(page);
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('button', { name: title }).click();
      await expect(page.getByRole('dialog', { name: new RegExp(title) })).toBeVisible();
      await expectNoSeriousA11yViolations(page, `the ${title} modal`);
    });
  }
});
