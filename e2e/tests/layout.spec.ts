import { expect, test, type Page } from '@playwright/test';
import { drawingPng, signUp } from './helpers.js';
import { ROUTES } from './routes.js';

// WCAG 2.1 1.4.10 Reflow: at 320 CSS px nothing scrolls sideways (tables and the result viewer may
// scroll inside themselves, the page may not).
async function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/account',
  '/developer',
  '/batch',
  '/analytics',
  '/convert',
];

test('every route fits 320 CSS px without horizontal scrolling, signed out and signed in', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 320, height: 640 });
  const wide: string[] = [];
  for (const route of ROUTES) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const px = await overflow(page);
    if (px > 0) wide.push(`${route}: ${px} px too wide`);
  }
  await page.goto('/');
  await signUp(page);
  await page.getByTestId('tutorial').getByRole('button', { name: 'Skip tutorial' }).click();
  for (const route of SIGNED_IN_ROUTES) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const px = await overflow(page);
    if (px > 0) wide.push(`${route} (signed in): ${px} px too wide`);
  }
  expect(wide, wide.join('\n')).toEqual([]);
});

/** Where `uncovered` looks, and where the walk clicks: the centre, or 40×20 px in on a large box. */
const probePoint = (r: { x: number; y: number; width: number; height: number }) => ({
  x: r.x + Math.min(r.width / 2, 40),
  y: r.y + Math.min(r.height / 2, 20),
});

/** That point of `selector` is on screen and the topmost element there belongs to it. */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) return false;
  const { x, y } = probePoint(box);
  return page.evaluate(
    ([sel, px, py]) => {
      const el = document.querySelector(sel as string);
      if (!el || px < 0 || py < 0 || px > innerWidth || py > innerHeight) return false;
      const hit = document.elementFromPoint(px as number, py as number);
      return !!hit && (el === hit || el.contains(hit));
    },
    [selector, x, y] as const,
  );
}

for (const size of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`tutorial walk at ${size.width}×${size.height}: every Next and every target stays uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize(size);
    await page.goto('/convert');
    await signUp(page);
    await page
      .getByTestId('upload-area')
      .locator('input[type=file]')
      .setInputFiles({ name: 'walk.png', mimeType: 'image/png', buffer: await drawingPng() });
    const tutorial = page.getByTestId('tutorial');
    await expect(tutorial).toBeVisible();
    await expect(tutorial).toContainText('Step 1 of 6');
    for (let step = 1; step <= 6; step++) {
      const target = await page.evaluate(
        () => document.querySelector('.tutorial-highlight')?.getAttribute('data-testid') ?? null,
      );
      if (target) {
        expect(await uncovered(page, `[data-testid="${target}"]`), `${target} covered`).toBe(true);
      }
      const next = tutorial.getByRole('button', { name: step === 6 ? 'Get Started' : 'Next' });
      await next.evaluate((el) => el.setAttribute('data-walk-next', ''));
      // Nothing floating may cover it, toasts included (on a phone they move to the top).
      expect(await uncovered(page, '[data-walk-next]'), `Next on step ${step} covered`).toBe(true);
      await next.evaluate((el) => el.removeAttribute('data-walk-next'));
      // A real click at the very point found uncovered, no scrolling or closing anything first;
      // what the click reached is kept, so a click that does not advance says where it went.
      await page.evaluate(() => {
        document.addEventListener(
          'click',
          (e) => {
            const el = e.target as Element;
            document.body.dataset.walkClicked = `${el.tagName} ${el.textContent?.slice(0, 40) ?? ''}`;
          },
          { capture: true, once: true },
        );
      });
      const point = probePoint((await next.boundingBox())!);
      await page.mouse.click(point.x, point.y);
      if (step < 6) {
        await expect(tutorial, {
          message: `after clicking Next on step ${step}: ${await page.evaluate(() => document.body.dataset.walkClicked ?? 'no click event')}`,
        }).toContainText(`Step ${step + 1} of 6`, { timeout: 5000 });
      }
    }
    await expect(tutorial).toBeHidden();
    await expect(
      page.getByText("Welcome aboard! You're ready to convert your first image."),
    ).toBeVisible();
  });
}
