import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { queueFile, renderDifference, signUpAt } from './helpers.js';

/** Six flat colours (white and five shapes), so a 4-colour trace visibly differs. */
async function sixColours(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240" viewBox="0 0 160 120">
    <rect width="160" height="120" fill="#ffffff"/>
    <circle cx="40" cy="40" r="28" fill="#e63946"/>
    <rect x="88" y="12" width="56" height="50" fill="#1d3557"/>
    <circle cx="40" cy="92" r="22" fill="#2a9d8f"/>
    <rect x="80" y="74" width="30" height="36" fill="#f4a261"/>
    <path d="M118 74 L150 110 L118 110 Z" fill="#6d28d9"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const fills = (svg: string) =>
  new Set([...svg.matchAll(/fill="(#[0-9a-f]{3,6})"/gi)].map((m) => m[1].toLowerCase()));

// The test reads the preview's blob: URL with fetch, which the app's CSP (connect-src) rightly refuses.
test.use({ bypassCSP: true });

/**
 * The colours of the instant preview, read from the SVG the browser traced; -1 when the preview
 * was replaced (its blob: URL revoked) while being read, so callers poll.
 */
async function previewColours(preview: Locator): Promise<number> {
  const svg = await preview
    .evaluate(async (img: HTMLImageElement) => (await fetch(img.src)).text())
    .catch(() => null);
  return svg === null ? -1 : fills(svg).size;
}

async function openAdvanced(page: Page): Promise<Locator> {
  const advanced = page.getByTestId('advanced-options');
  const toggle = advanced.getByRole('button', { name: /Advanced options/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(advanced.getByRole('combobox', { name: 'Image type' })).toBeHidden();
  // A keyboard user opens it.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  return advanced;
}

test('Advanced options: 4 colours and a print size change the preview, the conversion and stay as the defaults', async ({
  page,
}) => {
  await signUpAt(page, '/convert');
  const png = await sixColours();
  const queued = await queueFile(page, 'colours.png', png);
  const preview = queued.getByRole('img', { name: /Instant vector preview/ });
  await expect(preview).toBeVisible();
  await expect.poll(() => previewColours(preview)).toBeGreaterThan(4);

  const advanced = await openAdvanced(page);
  await advanced.getByLabel('Colours', { exact: true }).selectOption('count');
  await advanced.getByLabel('Number of colours').fill('4');
  await expect.poll(() => previewColours(preview), { timeout: 20_000 }).toBeLessThanOrEqual(4);
  await advanced.getByLabel('Width', { exact: true }).fill('100');
  await advanced.getByLabel('Units', { exact: true }).selectOption('mm');
  await expect(advanced.getByTestId('advanced-save-state')).toHaveText(
    'Saved as your defaults for next time.',
  );
  await expect(advanced.getByRole('button', { name: /\(3 changed\)/ })).toBeVisible();

  await queued.getByRole('button', { name: 'Convert' }).click();
  const result = page.getByTestId('conversion-result').first();
  await expect(result).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download' }).click(),
  ]);
  const svg = await readFile((await download.path())!, 'utf8');
  expect(fills(svg).size).toBeLessThanOrEqual(4);
  expect(svg).toMatch(/width="100mm"/);
  // Four colours for six: two shapes take a neighbour's colour, the drawing stays the same.
  expect(await renderDifference(svg, png)).toBeLessThan(40);

  // The defaults come back after a reload.
  await page.reload();
  const again = await openAdvanced(page);
  await expect(again.getByLabel('Colours', { exact: true })).toHaveValue('count');
  await expect(again.getByLabel('Number of colours')).toHaveValue('4');
  await expect(again.getByLabel('Width', { exact: true })).toHaveValue('100');
  await expect(again.getByLabel('Units', { exact: true })).toHaveValue('mm');
  // The open panel reflows at 320 CSS px (WCAG 1.4.10): nothing scrolls sideways.
  await page.setViewportSize({ width: 320, height: 640 });
  expect(
    await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    ),
  ).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });

  // A wrong value is explained before Convert, which stays off.
  await again.getByLabel('Number of colours').fill('1');
  await expect(again.getByRole('alert')).toHaveText(
    'Number of colours must be a whole number from 2 to 256.',
  );
  await queueFile(page, 'second.png', png);
  await expect(
    page
      .getByTestId('queued-file')
      .filter({ hasText: 'second.png' })
      .getByRole('button', { name: 'Convert' }),
  ).toBeDisabled();
});

test('a batch is traced with the Advanced options: only the colours asked for', async ({
  page,
}) => {
  await signUpAt(page, '/batch');
  const advanced = await openAdvanced(page);
  await advanced.getByLabel('Colours', { exact: true }).selectOption('palette');
  await advanced.getByLabel('Exact colours').fill('#000000, #ffffff');
  await expect(advanced.getByTestId('advanced-save-state')).toHaveText(
    'Saved as your defaults for next time.',
  );
  const png = await sixColours();
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles({ name: 'palette.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('button', { name: 'Convert all (1)' }).click();
  await expect(page.getByRole('heading', { name: 'Batch finished' })).toBeVisible({
    timeout: 60_000,
  });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('batch-item').getByRole('button', { name: 'Download' }).click(),
  ]);
  const svg = await readFile((await download.path())!, 'utf8');
  expect([...fills(svg)].every((c) => ['#000000', '#ffffff', '#000', '#fff'].includes(c))).toBe(
    true,
  );
  expect(fills(svg).size).toBeGreaterThan(0);
});
