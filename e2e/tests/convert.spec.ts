import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { drawingPng, renderDifference, signUp } from './helpers.js';

test('a new user converts a PNG to SVG on /convert and downloads it', async ({ page }) => {
  await page.goto('/convert');
  await signUp(page);
  const png = await drawingPng();
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: png });
  const queued = page.getByTestId('queued-file').filter({ hasText: 'drawing.png' });
  await expect(queued).toBeVisible();
  await page.getByTestId('conversion-settings').getByLabel('Output format').selectOption('svg');
  await queued.getByRole('button', { name: 'Convert' }).click();

  const result = page.getByTestId('conversion-result').first();
  await expect(result).toBeVisible({ timeout: 60_000 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    result.getByRole('button', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('drawing.svg');
  const svg = await readFile((await download.path())!, 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).not.toMatch(/<script/i);
  // The trace must look like the upload: compare renders, not bytes.
  expect(await renderDifference(svg, png)).toBeLessThan(10);
});
