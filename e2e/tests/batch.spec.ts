import { readFile } from 'node:fs/promises';
import { crc32 } from 'node:zlib';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { undecodablePng } from '../../apps/server/test/helpers/images.js';
import { writeZip } from '../../apps/server/test/helpers/zip.js';
import { renderDifference, signUpAt } from './helpers.js';

/** Distinct drawings, large enough that the batch is still running when the page reloads. */
async function logo(i: number): Promise<Buffer> {
  const colours = ['#e63946', '#1d3557', '#2a9d8f', '#f4a261', '#6d28d9', '#0f766e'];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="360" viewBox="0 0 160 120">
    <rect width="160" height="120" fill="#ffffff"/>
    <circle cx="${40 + i * 10}" cy="60" r="${24 + i * 2}" fill="${colours[i]}"/>
    <path d="M100 20 L150 100 L95 100 Z" fill="${colours[(i + 2) % 6]}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The entries of a store-only ZIP (what the server writes), by name. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, Buffer>();
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const offset = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    const data = zip.subarray(start, start + size);
    expect(crc32(data)).toBe(zip.readUInt32LE(at + 16));
    out.set(name, data);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

test('a 6-file batch runs on the server, survives a reload mid-way and downloads as one ZIP', async ({
  page,
}) => {
  await signUpAt(page, '/batch', 'basic');
  await expect(page.getByText(/up to 20 images/)).toBeVisible();

  const inputs = await Promise.all([0, 1, 2, 3, 4, 5].map(logo));
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles(
      inputs.map((buffer, i) => ({ name: `logo-${i}.png`, mimeType: 'image/png', buffer })),
    );
  await expect(page.getByTestId('batch-file')).toHaveCount(6);
  await page.getByRole('button', { name: 'Convert all (6)' }).click();

  await expect(page).toHaveURL(/\/batch\?id=[0-9a-f-]{36}/);
  await expect(page.getByTestId('batch-item')).toHaveCount(6);
  // Reload while the batch is running: it carries on on the server and the page picks it up.
  await expect(page.getByTestId('batch-counts')).toContainText(/[1-5] converted/, {
    timeout: 60_000,
  });
  const before = page.url();
  await page.reload();
  expect(page.url()).toBe(before);
  await expect(page.getByTestId('batch-item')).toHaveCount(6);
  await expect(page.getByRole('heading', { name: 'Batch finished' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('batch-counts')).toContainText('6 converted');
  await expect(page.locator('[data-testid=batch-item][data-status=completed]')).toHaveCount(6);
  await expect(page.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download all as ZIP' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^tracery-batch-[0-9a-f]{8}\.zip$/);
  const entries = unzip(await readFile((await download.path())!));
  expect([...entries.keys()].sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `logo-${i}.svg`));
  for (const [i, input] of inputs.entries()) {
    const svg = entries.get(`logo-${i}.svg`)!.toString('utf8');
    expect(svg).toContain('<svg');
    expect(await renderDifference(svg, input)).toBeLessThan(12);
  }

  // The batch is listed for the account, so it can be found again without its URL.
  await page.getByRole('button', { name: 'Start a new batch' }).click();
  await expect(page.getByRole('heading', { name: 'Your recent batches' })).toBeVisible();
  await expect(page.getByRole('link', { name: /6 images/ })).toBeVisible();
});

test('a ZIP of 3 images dropped on /batch becomes 3 items that finish', async ({ page }) => {
  await signUpAt(page, '/batch', 'basic');

  const inputs = await Promise.all([0, 1, 2].map(logo));
  const zip = writeZip([
    ...inputs.map((data, i) => ({ name: `logos/logo-${i}.png`, data })),
    { name: '__MACOSX/logos/._logo-0.png', data: Buffer.from('resource fork') },
  ]);
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles({ name: 'logos.zip', mimeType: 'application/zip', buffer: zip });
  await expect(page.getByTestId('batch-file')).toHaveCount(1);
  await expect(page.getByTestId('batch-file')).toContainText('logos.zip');
  await page.screenshot({ path: test.info().outputPath('zip-queued.png') });
  await page.getByRole('button', { name: 'Convert all (1)' }).click();

  await expect(page).toHaveURL(/\/batch\?id=[0-9a-f-]{36}/);
  await expect(page.getByTestId('batch-item')).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Batch finished' })).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.locator('[data-testid=batch-item][data-status=completed]')).toHaveCount(3);
  for (const i of [0, 1, 2])
    await expect(page.getByTestId('batch-item').nth(i)).toContainText(`logo-${i}.png`);
  await page.screenshot({ path: test.info().outputPath('zip-batch.png'), fullPage: true });
});

test('a failed item has a Retry action that runs it again', async ({ page }) => {
  await signUpAt(page, '/batch', 'basic');

  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles([
      { name: 'good.png', mimeType: 'image/png', buffer: await logo(1) },
      // Its header passes the upload gate; its pixels fail in the worker.
      { name: 'broken.png', mimeType: 'image/png', buffer: undecodablePng() },
    ]);
  await page.getByRole('button', { name: 'Convert all (2)' }).click();
  await expect(page.getByRole('heading', { name: 'Batch finished' })).toBeVisible({
    timeout: 60_000,
  });
  const broken = page.getByTestId('batch-item').filter({ hasText: 'broken.png' });
  await expect(broken).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('batch-counts')).toContainText('1 failed · 1 credit charged');
  const good = page.getByTestId('batch-item').filter({ hasText: 'good.png' });
  await expect(good.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  // Hold the page's reload of the batch after the retry, so the re-queued state stays on screen.
  const id = new URL(page.url()).searchParams.get('id')!;
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(`**/api/batch/${id}`, async (route) => {
    await held;
    await route.continue();
  });
  await broken.getByRole('button', { name: 'Retry broken.png' }).click();
  await expect(broken).toHaveAttribute('data-status', 'queued');
  await expect(broken).toContainText('Waiting');
  await expect(page.getByRole('heading', { name: 'Converting 2 images' })).toBeVisible();
  await expect(broken.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('retry-queued.png') });

  release();
  await expect(page.getByRole('heading', { name: 'Batch finished' })).toBeVisible({
    timeout: 60_000,
  });
  // It ran again and failed again: refunded again, so still one credit charged.
  await expect(broken).toHaveAttribute('data-status', 'failed');
  await expect(broken.getByRole('button', { name: 'Retry broken.png' })).toBeVisible();
  await expect(page.getByTestId('batch-counts')).toContainText('1 failed · 1 credit charged');
});
