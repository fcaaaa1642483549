import { expect, test } from '@playwright/test';
import { queueFile, signUpAt } from './helpers.js';

test('/analytics draws the account’s conversions from the server, with the numbers as a table', async ({
  page,
}) => {
  await signUpAt(page, '/convert');
  const queued = await queueFile(page, 'drawing.png');
  await queued.getByRole('button', { name: 'Convert' }).click();
  await expect(page.getByTestId('conversion-result').first()).toBeVisible({ timeout: 60_000 });

  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Usage analytics' })).toBeVisible();
  const conversions = page.getByText('Conversions', { exact: true }).first().locator('..');
  await expect(conversions).toContainText('1');
  await expect(page.locator('.recharts-wrapper')).toHaveCount(2);
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  await page.getByText(/Show the numbers as a table/).click();
  const today = new Date().toISOString().slice(0, 10);
  await expect(page.getByRole('row', { name: new RegExp(today) })).toContainText('1');
  await page.getByText('Last 7 days').click();
  await expect(page.getByText(/Show the numbers as a table \(1 days/)).toBeVisible();

  if (process.env.SAVE_REFERENCES) {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: 'references/analytics-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: 'references/analytics-phone.png', fullPage: true });
  }
});
