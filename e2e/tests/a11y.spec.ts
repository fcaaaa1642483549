import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from './routes.js';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Document, opts: object): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => JSON.stringify(n.target))
          .slice(0, 3)
          .join(', ')}`,
    );
}

// axe is injected as an inline script, which the app's CSP rightly blocks (security.spec.ts checks it).
test.use({ bypassCSP: true });

async function expectAxeClean(page: Page, route: string) {
  await page.goto(route);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  const failures = await seriousViolations(page);
  expect(failures, failures.join('\n')).toEqual([]);
}

// One test per route: each has its own time budget and names the page that fails.
for (const route of ROUTES) {
  test(`no serious or critical axe violations on ${route}`, async ({ page }) => {
    await expectAxeClean(page, route);
  });
}

test('no serious or critical axe violations on a blog post', async ({ page }) => {
  await page.goto('/blog');
  const href = await page.locator('main a[href^="/blog/"]').first().getAttribute('href');
  expect(href).toMatch(/^\/blog\/.+/);
  await expectAxeClean(page, href!);
});
