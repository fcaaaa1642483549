import { expect, test, type Page } from '@playwright/test';
import { closeTutorial, signUp } from './helpers.js';

/** Every key and value the page keeps in Web Storage. */
const webStorage = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).map((key) => `${key}=${storage.getItem(key)}`),
    ),
  );

// The session survives a reload through an HttpOnly cookie alone: no token in Web Storage.
test('signs in, reloads, stays signed in with no token in localStorage, and signs out', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const account = await signUp(page);
  await closeTutorial(page);

  const session = (await context.cookies()).find((c) => c.name === 'tracery_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('tracery_session');

  for (const path of ['/', '/account']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  }
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();

  const stored = await webStorage(page);
  expect(stored.filter((entry) => /token|eyJ/i.test(entry))).toEqual([]);
  // The cookie was rotated by each page load.
  const rotated = (await context.cookies()).find((c) => c.name === 'tracery_session');
  expect(rotated?.value).not.toBe(session?.value);

  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'tracery_session')).toBeUndefined();
});

// The sign-in dialog is modal (Radix): a failed sign-in says why in a toast, which must stay
// readable and clickable without the press counting as "outside" and closing the form.
test('a failed sign-in toast can be pressed and the sign-in form stays open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Log In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill('nobody-here@example.com');
  await dialog.getByLabel('Password', { exact: true }).fill('not the password');
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  const toast = page.locator('[data-sonner-toast]').first();
  await expect(toast).toBeVisible();
  await toast.click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('nobody-here@example.com');
});
