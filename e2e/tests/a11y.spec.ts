import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { queueFile, setPlan, setRole, signUpAt, viewFirstResult } from './helpers.js';
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

/** Each signed-in page, and something only the right plan or role shows there. */
const SIGNED_IN_PAGES: [string, string][] = [
  ['/dashboard', 'main'],
  ['/admin', 'text=Email outbox'],
  ['/analytics', '.recharts-wrapper'],
  ['/developer', 'main'],
  ['/batch', 'text=/up to 100 images/'],
  ['/cloud-storage', 'text=Latest saves'],
  ['/account', 'main'],
  ['/convert', 'main'],
];

test('no serious or critical axe violations on the signed-in pages, the viewer and the Advanced options', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // A Business administrator sees every signed-in page with all of its parts.
  const account = await signUpAt(page, '/convert');
  setPlan(account.email, 'business');
  setRole(account.email, 'admin');
  await page.reload();
  // Business grants 750 credits on top of Free's 25.
  await expect(page.getByTestId('credits-remaining').first()).toContainText('775');

  const failures: string[] = [];
  const check = async (where: string) => {
    for (const f of await seriousViolations(page)) failures.push(`${where}: ${f}`);
  };

  // A conversion first, so history, analytics and the viewer have something to show.
  const queued = await queueFile(page, 'a11y.png');
  await page
    .getByTestId('advanced-options')
    .getByRole('button', { name: /Advanced/ })
    .click();
  await page.getByLabel('Colours', { exact: true }).selectOption('palette');
  await page.getByLabel('Exact colours').fill('#000000, #zzz');
  await expect(page.getByRole('alert').filter({ hasText: 'Exact colours' })).toBeVisible();
  await check('/convert, Advanced open with a wrong value');
  await page.getByLabel('Colours', { exact: true }).selectOption('count');
  await queued.getByRole('button', { name: 'Convert' }).click();
  const { viewer } = await viewFirstResult(page, 'a11y.png');
  await check('/convert, viewer side by side');
  await viewer.getByRole('button', { name: 'Overlay' }).click();
  await check('/convert, viewer overlay');
  await viewer.getByRole('button', { name: 'Outline' }).click();
  await check('/convert, viewer outline');

  for (const [route, shows] of SIGNED_IN_PAGES) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main, [role="main"]').first()).toBeVisible();
    await expect(page.locator(shows).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    await check(route);
  }
  await page.goto('/batch');
  await page
    .getByTestId('advanced-options')
    .getByRole('button', { name: /Advanced/ })
    .click();
  await expect(page.getByLabel('Image type')).toBeVisible();
  await check('/batch, Advanced open');

  expect(failures, failures.join('\n')).toEqual([]);
});
