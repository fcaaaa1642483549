import { expect, test } from '@playwright/test';
import { startFakeDropbox, type FakeDropbox } from '../../apps/server/test/helpers/fake-dropbox.js';
import { drawingPng, queueFile, setPlan, signUpAt } from './helpers.js';

let dropbox: FakeDropbox;
test.beforeAll(async () => {
  // The server was started with its Dropbox hosts on this port (playwright.config.ts).
  dropbox = await startFakeDropbox(Number(process.env.E2E_DROPBOX_PORT));
});
test.afterAll(() => dropbox?.close());

test('connects Dropbox through its consent page, saves a result, a History entry and a batch, and sees their links', async ({
  page,
}) => {
  const account = await signUpAt(page, '/cloud-storage');
  const card = page.getByTestId('cloud-dropbox');
  // A free account sees the feature with the plan that includes it.
  await expect(card.getByRole('link', { name: 'Basic plan' })).toBeVisible();
  await expect(page.getByTestId('cloud-google_drive')).toContainText(
    'Not configured on this server',
  );
  setPlan(account.email, 'basic');
  await page.reload();

  dropbox.oauth.account = account.email;
  await card.getByRole('button', { name: 'Connect Dropbox' }).click();
  await expect(page.getByRole('heading', { name: 'Dropbox' })).toBeVisible();
  await page.getByRole('link', { name: 'Allow' }).click();
  await expect(page).toHaveURL(/\/cloud-storage$/);
  await expect(card).toHaveAttribute('data-state', 'connected');
  await expect(card).toContainText(account.email);
  await expect(card).toContainText('Apps/Tracery');
  await page.screenshot({ path: test.info().outputPath('cloud-storage.png'), fullPage: true });

  await page.goto('/convert');
  const png = await drawingPng();
  const queued = await queueFile(page, 'poster.png', png);
  await queued.getByRole('button', { name: 'Convert' }).click();
  const result = page.getByTestId('conversion-result').first();
  await expect(result).toBeVisible({ timeout: 60_000 });
  await result.getByRole('button', { name: 'Save to Dropbox' }).click();
  const link = result.getByRole('link', { name: 'Open in Dropbox' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  await expect(link).toHaveAttribute('href', /\/home\/Apps\/Tracery\?preview=poster\.svg$/);
  await result.screenshot({ path: test.info().outputPath('saved-result.png') });
  const saved = dropbox.file(account.email, '/poster.svg');
  expect(saved?.toString('utf8')).toContain('<svg');

  // The History saves it again: the name that exists already gets a number.
  await page.getByRole('tab', { name: 'History' }).click();
  const item = page.getByTestId('history-item').filter({ hasText: 'poster.png' });
  await item.getByRole('button', { name: 'Save to Dropbox' }).click();
  await expect(item.getByTestId('cloud-save-status')).toContainText('Saved poster (1).svg', {
    timeout: 30_000,
  });
  await expect(item.getByRole('link', { name: 'Open in Dropbox' })).toBeVisible();
  expect(dropbox.file(account.email, '/poster (1).svg')?.equals(saved!)).toBe(true);

  // The latest saves on the connections page show it too.
  await page.goto('/cloud-storage');
  const row = page.getByTestId('cloud-save').filter({ hasText: 'poster.svg' });
  await expect(row).toContainText('Saved');
  await expect(row.getByRole('link', { name: 'Open in Dropbox' })).toBeVisible();

  // A whole batch goes into a subfolder named after it.
  await page.goto('/batch');
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles(
      ['a.png', 'b.png'].map((name) => ({ name, mimeType: 'image/png', buffer: png })),
    );
  await page.getByRole('button', { name: 'Convert all (2)' }).click();
  await expect(page.getByRole('heading', { name: 'Batch finished' })).toBeVisible({
    timeout: 60_000,
  });
  const batchCloud = page.getByTestId('batch-cloud');
  await batchCloud.getByRole('button', { name: 'Save all to Dropbox' }).click();
  await expect(batchCloud.getByTestId('cloud-save-status')).toContainText(
    /Saved tracery-batch-[0-9a-f]{8} to Dropbox/,
    { timeout: 30_000 },
  );
  await expect(batchCloud.getByRole('link', { name: 'Open in Dropbox' })).toBeVisible();
  const batchId = new URL(page.url()).searchParams.get('id')!;
  for (const name of ['a.svg', 'b.svg'])
    expect(
      dropbox.file(account.email, `/tracery-batch-${batchId.slice(0, 8)}/${name}`),
    ).toBeDefined();

  await page.goto('/cloud-storage');
  await page.getByTestId('cloud-dropbox').getByRole('button', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('cloud-dropbox')).toHaveAttribute('data-state', 'disconnected');
  expect(dropbox.oauth.grants.every((g) => g.account !== account.email || g.revoked)).toBe(true);
});
