import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  drawingPng,
  renderDifference,
  signUp,
  queueFile,
  signUpAt,
  createAccountIn,
} from './helpers.js';

test('a new user converts a PNG to SVG on /convert and downloads it', async ({ page }) => {
  await page.goto('/convert');
  await signUp(page);
  const png = await drawingPng();
  await queueFile(page, 'drawing.png', png);
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
  await signUpAt(page, '/convert');
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('No conversions yet')).toBeVisible();
  await page.getByRole('tab', { name: 'Convert' }).click();

  const png = await drawingPng();
  await queueFile(page, 'badge.png', png);
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

test('signed out, Convert opens the sign-in dialog and the conversion runs after signing up', async ({
  page,
}) => {
  await page.goto('/convert');
  await queueFile(page, 'guest.png');
  await page.getByTestId('queued-file').getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByText('Please sign in to convert images')).toBeVisible();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Register for free' }).click();
  await createAccountIn(dialog);
  await expect(dialog).toBeHidden();
  // No second press: the queued file converts and the credit is spent.
  await expect(page.getByTestId('conversion-result').filter({ hasText: 'guest.png' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('credits-remaining')).toContainText('24');
});

test('Log Out clears the queue, the results and the history of the account', async ({ page }) => {
  await signUpAt(page, '/convert');
  const png = await drawingPng();
  const input = page.getByTestId('upload-area').locator('input[type=file]');
  await input.setInputFiles({ name: 'mine.png', mimeType: 'image/png', buffer: png });
  await page.getByTestId('queued-file').getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByTestId('conversion-result')).toBeVisible({ timeout: 60_000 });
  await input.setInputFiles({ name: 'queued.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByTestId('queued-file')).toHaveCount(2);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page.getByTestId('queued-file')).toHaveCount(0);
  await expect(page.getByTestId('conversion-result')).toHaveCount(0);
  await expect(page.getByTestId('vector-preview')).toHaveCount(0);
  await expect(page.getByText('mine.png')).toHaveCount(0);
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByText('mine.png')).toHaveCount(0);
});

test('on Free, EPS shows its plan badge and an upgrade action, never a Convert that fails', async ({
  page,
}) => {
  await signUpAt(page, '/convert');
  await queueFile(page, 'print.png');
  const format = page.getByTestId('conversion-settings').getByLabel('Output format');
  await expect(format.locator('option[value=eps]')).toHaveText('EPS (Basic plan)');
  await format.selectOption('eps');
  const note = page.getByTestId('format-upgrade');
  await expect(note).toContainText('EPS output is included from the Basic plan');
  await expect(note.getByRole('link', { name: 'Upgrade to Basic' })).toHaveAttribute(
    'href',
    '/pricing/basic',
  );
  await expect(
    page.getByTestId('queued-file').getByRole('button', { name: 'Convert' }),
  ).toBeDisabled();
  await expect(page.getByTestId('cost-estimate')).toContainText('Not in your plan');
  await expect(page.getByTestId('credits-remaining')).toContainText('25');
  await format.selectOption('svg');
  await expect(page.getByTestId('cost-estimate')).toHaveText(/^1 credit/);
  await expect(
    page.getByTestId('queued-file').getByRole('button', { name: 'Convert' }),
  ).toBeEnabled();
});

test('the result viewer compares side by side, zooms to 800%, pans by keyboard and switches to overlay and outline', async ({
  page,
}) => {
  await signUpAt(page, '/convert');
  await queueFile(page, 'view.png');
  await page.getByTestId('queued-file').getByRole('button', { name: 'Convert' }).click();
  const result = page.getByTestId('conversion-result').first();
  await expect(result).toBeVisible({ timeout: 60_000 });
  await result.getByRole('button', { name: 'View' }).click();
  const viewer = page.getByTestId('result-viewer');
  await expect(viewer.getByRole('img', { name: 'Original: view.png' })).toBeVisible();
  await expect(viewer.getByRole('img', { name: 'Vector of view.png' })).toBeVisible();
  const facts = viewer.getByTestId('viewer-facts');
  await expect(facts).toContainText('Shapes');
  await expect(viewer.getByRole('list', { name: 'Colours used, most shapes first' })).toContainText(
    '#',
  );
  for (let i = 0; i < 3; i++) await viewer.getByRole('button', { name: 'Zoom in' }).click();
  await expect(viewer.getByTestId('zoom-level')).toHaveText('800%');
  const stage = viewer.getByTestId('viewer-stage');
  await expect(stage).toHaveScreenshot('viewer-zoom-800.png');
  const pane = viewer.getByRole('group', { name: /^Original, zoom 800%/ });
  const before = await pane.locator('div').first().getAttribute('style');
  await pane.focus();
  await page.keyboard.press('ArrowLeft');
  expect(await pane.locator('div').first().getAttribute('style')).not.toBe(before);
  await viewer.getByRole('button', { name: 'Overlay' }).click();
  await expect(viewer.getByLabel('Where the vector begins, in percent of the width')).toBeVisible();
  await expect(stage).toHaveScreenshot('viewer-overlay.png');
  await viewer.getByRole('button', { name: 'Outline' }).click();
  await expect(
    viewer.getByRole('img', { name: 'Outlines of the vector of view.png' }),
  ).toBeVisible();
  await expect(stage).toHaveScreenshot('viewer-outline.png');

  // The same result in another format, written from the stored vector (the server tests check
  // that nothing is charged).
  const formats = viewer.getByTestId('viewer-formats');
  await expect(formats.getByRole('link', { name: /EPS\s*Basic plan/ })).toBeVisible();
  const download = page.waitForEvent('download');
  await formats.getByRole('button', { name: 'PDF' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('view.pdf');
  expect((await readFile(await file.path())).subarray(0, 5).toString()).toBe('%PDF-');
  await viewer.getByRole('button', { name: 'Side by side' }).click();
  await viewer.getByRole('button', { name: 'Fit' }).click();
  await viewer.scrollIntoViewIfNeeded();
  await expect(viewer).toHaveScreenshot('viewer-desktop.png');
});
