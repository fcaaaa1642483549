import { expect, test } from '@playwright/test';

test('a landing page shows a real before/after made by the engine, zoomable, with its source and licence', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/laser-cutting-vectorization');
  const example = page.getByTestId('before-after');
  await expect(example.getByRole('img', { name: 'Original: bike (128×128 px)' })).toBeVisible();
  await expect(example.getByRole('img', { name: 'Vector of bike (128×128 px)' })).toBeVisible();
  await expect(example.getByTestId('viewer-facts')).toContainText('Shapes');
  await expect(example).toContainText('from Lucide by Lucide Contributors, ISC licence');

  // The vector is a traced SVG served as a file, not a picture of one.
  const svg = await (await request.get('/examples/bike.svg')).text();
  expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 128 128"/);
  expect(svg).toContain('<path');

  for (let i = 0; i < 3; i++) await example.getByRole('button', { name: 'Zoom in' }).click();
  await expect(example.getByTestId('zoom-level')).toHaveText('800%');
  await example.getByRole('button', { name: 'Fit' }).click();
  await example.scrollIntoViewIfNeeded();
  if (process.env.SAVE_REFERENCES) {
    await example.screenshot({ path: 'references/landing-before-after-desktop.png' });
  }

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/png-to-svg');
  await expect(
    page.getByTestId('before-after').getByRole('img', { name: /^Vector of rocket/ }),
  ).toBeVisible();
  await page.getByTestId('before-after').scrollIntoViewIfNeeded();
  // Stored for people to look at, only on purpose (as in references.spec.ts).
  if (process.env.SAVE_REFERENCES) {
    await page.screenshot({ path: 'references/landing-before-after-phone.png' });
  }
});
