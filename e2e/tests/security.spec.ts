import { expect, test } from '@playwright/test';

// The app runs under its own strict headers: CSP (no inline scripts), frame-ancestors 'none'.
test('pages load under the security headers with no CSP violation', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  for (const path of ['/', '/convert', '/pricing', '/developer']) {
    const response = await page.goto(path);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    await expect(page.locator('main').first()).toBeVisible();
  }
  // Test payments (no keys here): every page says so.
  await expect(page.getByText('Test mode', { exact: false }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
