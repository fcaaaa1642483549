import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { drawingPng, renderDifference, signUp, skipTutorial } from './helpers.js';

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

test('the History tab lists conversions and downloads them again', async ({ page }) => {
  await page.goto('/convert');
  await signUp(page);
  await skipTutorial(page);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('No conversions yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Convert' }).click();

  const png = await drawingPng();
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles({ name: 'badge.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('conversion-settings').getByLabel('Output format').selectOption('pdf');
  await page
    .getByTestId('queued-file')
    .filter({ hasText: 'badge.png' })
    .getByRole('button', { name: 'Convert' })
    .click();
  await expect(page.getByTestId('conversion-result').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('credits-remaining')).toContainText('24');

  await page.getByRole('tab', { name: 'History' }).click();
  const item = page.getByTestId('history-item').filter({ hasText: 'badge.png' });
  await expect(item).toBeVisible();
  await expect(item).toContainText(/PDF/i);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    item.getByRole('button', { name: /Download/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('badge.pdf');
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test('converting while signed out asks the visitor to sign in', async ({ page }) => {
  await page.goto('/convert');
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles({ name: 'guest.png', mimeType: 'image/png', buffer: await drawingPng() });
  await page.getByTestId('queued-file').getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByText('Please sign in to convert images')).toBeVisible();
});
