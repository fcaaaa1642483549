import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import {
  drawingPng,
  newAccount,
  signUp,
  skipTutorial,
  tabTo,
  queueFile,
  signUpAt,
} from './helpers.js';

test('home leads to the converter, and ?sample=true loads a sample', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/convert?sample=true');
  await expect(page.getByText('Sample image loaded for testing')).toBeVisible();
  await expect(page.getByTestId('queued-file')).toHaveCount(1);
});

test('a paid user converts to SVG, PDF and EPS and finds all three in History', async ({
  page,
}) => {
  await signUpAt(page, '/convert', 'basic');
  await expect(page.getByTestId('credits-remaining')).toContainText('100');
  const png = await drawingPng();
  for (const format of ['svg', 'pdf', 'eps'] as const) {
    const name = `art-${format}.png`;
    await page
      .getByTestId('upload-area')
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType: 'image/png', buffer: png });
    await page.getByTestId('conversion-settings').getByLabel('Output format').selectOption(format);
    await page
      .getByTestId('queued-file')
      .filter({ hasText: name })
      .getByRole('button', { name: 'Convert' })
      .click();
    const result = page
      .getByTestId('conversion-result')
      .filter({ hasText: name.replace('.png', '') });
    await expect(result).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      result.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`art-${format}.${format}`);
    const head = (await readFile((await download.path())!)).subarray(0, 12).toString('latin1');
    expect(head).toMatch({ svg: /<svg|<\?xml/, pdf: /^%PDF-/, eps: /^%!PS-Adobe/ }[format]);
  }
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-item')).toHaveCount(3);
});

test('changing the quality tier updates the cost estimate', async ({ page }) => {
  await page.goto('/convert');
  await queueFile(page, 'cost.png');
  const estimate = page.getByTestId('cost-estimate');
  await expect(estimate).toHaveText(/^1 credit/);
  await page.getByTestId('conversion-settings').getByLabel('Quality tier').selectOption('economy');
  await expect(estimate).toHaveText(/^0\.6 credits/);
});

test('the payment page without a session says so', async ({ page }) => {
  await page.goto('/payment/success');
  await expect(page.getByText('Invalid payment session')).toBeVisible();
});

test('redirects: /features → /, /help → /tutorials, unknown → /', async ({ page }) => {
  await page.goto('/features');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/help');
  await expect(page).toHaveURL(/\/tutorials$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/$/);
});

test('the tutorial greets a new account once, and not again after Skip', async ({ page }) => {
  await page.goto('/');
  const account = newAccount();
  await signUp(page, account);
  await skipTutorial(page);
  await expect(
    page.getByText('Onboarding skipped. You can restart it anytime from settings'),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByTestId('tutorial')).toBeHidden();
});

test('vision and motor presets set their classes and persist', async ({ page }) => {
  await page.goto('/');
  const html = page.locator('html');
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  await page.getByRole('button', { name: 'Vision preset' }).click();
  await expect(page.getByText('Vision accessibility enabled')).toBeVisible();
  await expect(html).toHaveClass(/high-contrast/);
  await expect(html).toHaveClass(/large-text/);
  await page.getByRole('button', { name: 'Motor preset' }).click();
  await expect(page.getByText('Motor accessibility enabled')).toBeVisible();
  await expect(html).toHaveClass(/reduce-motion/);
  await page.reload();
  await expect(html).toHaveClass(/high-contrast/);
  await expect(html).toHaveClass(/reduce-motion/);
  await page.getByRole('button', { name: 'Accessibility settings' }).click();
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByText('Accessibility settings reset to defaults')).toBeVisible();
  await expect(html).not.toHaveClass(/high-contrast/);
});

test('a keyboard-only user converts an image', async ({ page }) => {
  await signUpAt(page, '/convert');
  await page.locator('body').focus();
  await tabTo(page, (el) => el.closest('[data-testid="upload-area"]') !== null);
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.keyboard.press('Enter'),
  ]);
  await chooser.setFiles({ name: 'keys.png', mimeType: 'image/png', buffer: await drawingPng() });
  await tabTo(page, (el) => el.getAttribute('data-testid') === 'convert-button');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('conversion-result')).toBeVisible({ timeout: 60_000 });
  await tabTo(
    page,
    (el) =>
      el.closest('[data-testid="conversion-result"]') !== null &&
      el.textContent?.includes('Download') === true,
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.keyboard.press('Enter'),
  ]);
  expect(download.suggestedFilename()).toBe('keys.svg');
});
