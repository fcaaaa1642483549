import { expect, test, type Locator, type Page } from '@playwright/test';
import { queueFile, signUpAt, viewFirstResult } from './helpers.js';

// Reference screenshots for people to look at (SAVE_REFERENCES=1 npx playwright test
// tests/references.spec.ts); the normal run skips them so the stored files change only on purpose.
test.skip(!process.env.SAVE_REFERENCES, 'writes e2e/references/*.png only with SAVE_REFERENCES=1');

const SIZES = { desktop: { width: 1366, height: 900 }, phone: { width: 390, height: 844 } };

/** The whole page, or with `around` the viewport scrolled to that element, at both sizes. */
async function shoot(page: Page, name: string, around?: Locator) {
  // Passing notices (sonner's toasts) are not part of the page.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 20_000 });
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState('networkidle');
    // Just below the sticky header.
    await around?.evaluate((el) => scrollTo(0, el.getBoundingClientRect().top + scrollY - 80));
    await page.screenshot({ path: `references/${name}-${size}.png`, fullPage: !around });
  }
}

test('a landing page, desktop and phone', async ({ page }) => {
  await page.goto('/png-to-svg');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shoot(page, 'landing-png-to-svg');
});

test('/convert with the viewer open, desktop and phone', async ({ page }) => {
  await page.setViewportSize(SIZES.desktop);
  await signUpAt(page, '/convert');
  const queued = await queueFile(page, 'drawing.png');
  await queued.getByRole('button', { name: 'Convert' }).click();
  const { result } = await viewFirstResult(page, 'drawing.png');
  await shoot(page, 'convert-viewer', result);
});
