import { gzipSync } from 'node:zlib';
import { writeFileSync, mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// The initial JavaScript of the home page, gzipped, and its Largest Contentful Paint, on the
// local production build. The figures are also written to test-results/perf.json for the notes.
test('home: initial JS under 200 KB gzipped and LCP under 2.5 s', async ({ page }) => {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => undefined);
    if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
  });
  await page.goto('/', { waitUntil: 'load' });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
          // Node's typings (merged with the DOM's here) do not list this browser-only entry type.
        }).observe({ type: 'largest-contentful-paint', buffered: true } as PerformanceObserverInit);
      }),
  );
  const gzipBytes = [...scripts.values()].reduce((a, b) => a + b, 0);
  mkdirSync('test-results', { recursive: true });
  writeFileSync(
    'test-results/perf.json',
    JSON.stringify({ gzipBytes, scripts: Object.fromEntries(scripts), lcpMs: lcp }, null, 2),
  );
  console.log(
    `home: ${scripts.size} scripts, ${(gzipBytes / 1024).toFixed(1)} KB gzipped; LCP ${lcp.toFixed(0)} ms`,
  );
  expect(gzipBytes).toBeLessThan(200 * 1024);
  expect(lcp).toBeLessThan(2500);
});
