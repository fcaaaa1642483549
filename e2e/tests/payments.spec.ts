import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { closeTutorial, newAccount, signUp, createAccountIn } from './helpers.js';

// Every purchase flow end to end on a fresh machine: no provider keys are configured, so the
// server's built-in `local` provider serves its own test-mode checkout page.

async function approveOnTestPage(page: Page, email?: string) {
  await expect(page).toHaveURL(/\/api\/payment\/local\/checkout\//);
  await expect(page.getByText('Test mode — no real money')).toBeVisible();
  if (email) await page.getByLabel('Email for the receipt').fill(email);
  await page.getByRole('button', { name: 'Approve test payment' }).click();
}

/** Buys Basic from /pricing without an account, paying on the test page as `email`. */
async function quickSubscribeToBasic(page: Page, email: string) {
  await page.goto('/pricing');
  await page
    .getByTestId('plan-basic')
    .getByRole('button', { name: 'Quick Subscribe (No Account Needed)' })
    .click();
  await approveOnTestPage(page, email);
}

test('card checkout from the pricing page to an active plan with its credits on /account', async ({
  page,
}) => {
  await page.goto('/pricing');
  await signUp(page);
  await closeTutorial(page);
  await page.getByTestId('plan-basic').getByRole('button', { name: 'Subscribe with Card' }).click();
  await approveOnTestPage(page);
  await expect(page).toHaveURL(/\/payment\/success\?session_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
  await expect(page.getByTestId('account-plan')).toHaveText('Basic');
  await expect(page.getByText('100 credits', { exact: true }).first()).toBeVisible();
  // Reloading the success page activates nothing twice.
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText('100 credits', { exact: true }).first()).toBeVisible();
});

test('a cancelled checkout returns to /pricing and changes nothing', async ({ page }) => {
  await page.goto('/pricing');
  await signUp(page);
  await closeTutorial(page);
  await page
    .getByTestId('plan-professional')
    .getByRole('button', { name: 'Subscribe with Card' })
    .click();
  await expect(page.getByText('Test mode — no real money')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/pricing/);
  await expect(page.getByText('Payment cancelled')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByTestId('account-plan')).toHaveText('Free');
});

test('PayPal (local test provider without keys) for an annual plan', async ({ page }) => {
  await page.goto('/pricing');
  await signUp(page);
  await closeTutorial(page);
  await page.getByRole('button', { name: 'Annual (2 months free)', exact: true }).click();
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page
    .getByTestId('plan-professional')
    .getByRole('button', { name: 'Subscribe with PayPal' })
    .click();
  await approveOnTestPage(page);
  await expect(page).toHaveURL(/\/payment\/success\?.*paypal_order_id=/);
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
  await expect(page.getByTestId('account-plan')).toHaveText('Pro');
  await expect(page.getByText('225 credits', { exact: true }).first()).toBeVisible();
});

test('signed out, PayPal reads Sign In to Subscribe and continues to the checkout after sign-up', async ({
  page,
}) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'PayPal', exact: true }).click();
  await page
    .getByTestId('plan-basic')
    .getByRole('button', { name: 'Sign In to Subscribe' })
    .click();
  await expect(page.getByText('Please sign in to subscribe', { exact: true })).toBeVisible();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Register for free' }).click();
  await createAccountIn(dialog);
  // The order is created for the new account without pressing the button again.
  await approveOnTestPage(page);
  await expect(page).toHaveURL(/\/payment\/success\?.*paypal_order_id=/);
  await expect(page).toHaveURL(/\/account$/, { timeout: 10_000 });
  await expect(page.getByTestId('account-plan')).toHaveText('Basic');
});

test('guest checkout: pay first, then create the account at /payment/collect-email', async ({
  page,
}) => {
  const guest = newAccount();
  await quickSubscribeToBasic(page, guest.email);
  await expect(page).toHaveURL(/\/payment\/collect-email\?session_id=/);
  await page.getByLabel('Name').fill(guest.name);
  await page.getByLabel('Email').fill(guest.email);
  await page.getByLabel('Password').fill(guest.password);
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await closeTutorial(page);
  await expect(page.getByTestId('account-plan')).toHaveText('Basic');
  await expect(page.getByText('100 credits', { exact: true }).first()).toBeVisible();
});

test('guest checkout with the email of an existing account signs nobody in', async ({
  page,
  browser,
}) => {
  // The owner has an account (made in another browser).
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/pricing');
  const owner = await signUp(ownerPage);
  await ownerContext.close();

  await quickSubscribeToBasic(page, owner.email);
  await page.getByLabel('Name').fill('Someone');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('a password the owner never chose');
  await page.getByRole('button', { name: 'Create my account' }).click();
  // The purchase attaches to the owner's account; the browser gets only a notice.
  await expect(page.getByText('This email already has an account.')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Log Out' })).toHaveCount(0);
  await expect(page.getByText(owner.email)).toHaveCount(0);
});

test('the test-mode checkout page is accessible: axe-clean and usable by keyboard', async ({
  browser,
}) => {
  // The page's CSP allows no scripts at all; let axe in for the audit only.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto('/pricing');
  await page
    .getByTestId('plan-professional')
    .getByRole('button', { name: 'Quick Subscribe (No Account Needed)' })
    .click();
  await expect(page.getByText('Test mode — no real money')).toBeVisible();
  await page.addScriptTag({
    path: createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            ctx: Document,
            opts: object,
          ): Promise<{ violations: { id: string; impact: string | null }[] }>;
        };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations.map((v) => `${v.id} (${v.impact})`);
  });
  expect(violations).toEqual([]);
  // Keyboard only: the email field, then Approve.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email for the receipt')).toBeFocused();
  await page.keyboard.type(newAccount().email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Approve test payment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/payment\/collect-email\?session_id=/);
  await context.close();
});
