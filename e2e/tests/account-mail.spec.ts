import { expect, test, type Page } from '@playwright/test';
import { closeTutorial, newAccount, setPlan, signUp } from './helpers.js';
import { linkPath, waitForMail } from './inbox.js';

// The emailed links walked through the real pages: the app sends through SMTP to the run's own
// SMTP server (smtp-inbox.ts), and the tests open the links they find in what arrived.

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log Out' }).click();
  await expect(page.getByRole('button', { name: 'Log In' }).first()).toBeVisible();
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByRole('button', { name: 'Log In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  return dialog;
}

test('forgot password: the emailed link sets a new password, the old one stops working', async ({
  page,
}) => {
  await page.goto('/');
  const account = await signUp(page);
  await closeTutorial(page);
  await logOut(page);

  await page.getByRole('button', { name: 'Log In' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Forgot password?' }).click();
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toContainText('If an account exists for that email');
  await dialog.getByRole('button', { name: 'Close dialog' }).click();

  const mail = await waitForMail(account.email, /Reset your Tracery password/);
  await page.goto(linkPath(mail, '/reset-password'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('Password').fill('my new e2e password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole('heading', { name: 'Your account' })).toBeVisible();
  // The link reached the inbox, so the address counts as confirmed: no reminder.
  await expect(page.getByText('Please confirm your email address')).toHaveCount(0);

  // The same link again is refused with a readable message.
  await logOut(page);
  await page.goto(linkPath(mail, '/reset-password'));
  await page.getByLabel('Password').fill('an attacker password');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('already been used');

  await page.goto('/');
  const old = await logIn(page, account.email, account.password);
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
  await old.getByRole('button', { name: 'Close dialog' }).click();
  await logIn(page, account.email, 'my new e2e password');
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
});

test('team invitation: the owner invites by email, the invitee signs up from the link and joins', async ({
  browser,
}) => {
  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto('/');
  const owner = await signUp(ownerPage);
  await closeTutorial(ownerPage);
  const verify = await waitForMail(owner.email, /Confirm your email address/);
  await ownerPage.goto(linkPath(verify, '/verify-email'));
  await expect(ownerPage.getByRole('heading', { name: 'Email address confirmed' })).toBeVisible();
  setPlan(owner.email, 'business');

  await ownerPage.goto('/account');
  const teamSection = ownerPage.getByRole('region', { name: 'Team' });
  const invitee = newAccount();
  await teamSection.getByLabel('Invite by email').fill(invitee.email);
  await teamSection.getByRole('button', { name: 'Send invitation' }).click();
  await expect(teamSection.getByText(`${invitee.email}`)).toBeVisible();
  await expect(teamSection.getByText('2 of 3 seats')).toBeVisible();

  const invitation = await waitForMail(invitee.email, /invited you to their Tracery team/);
  const page = await (await browser.newContext()).newPage();
  await page.goto(linkPath(invitation, '/team/accept'));
  await expect(
    page.getByRole('heading', { name: 'You are invited to a Tracery team' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Create an account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill('Invited Member');
  await dialog.getByLabel('Email').fill(invitee.email);
  await dialog.getByLabel('Password').fill(invitee.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(dialog).toBeHidden();
  await closeTutorial(page);
  await page.getByRole('button', { name: 'Join the team' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to the team' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Team' })).toContainText(
    `You are on ${owner.name}'s team`,
  );

  // The owner sees the member; a full team answers with a readable error.
  await ownerPage.reload();
  const remove = teamSection.getByRole('button', { name: 'Remove Invited Member' });
  await expect(remove).toBeVisible();
  await teamSection.getByLabel('Invite by email').fill(newAccount().email);
  await teamSection.getByRole('button', { name: 'Send invitation' }).click();
  await expect(teamSection.getByText('3 of 3 seats')).toBeVisible();
  await teamSection.getByLabel('Invite by email').fill(newAccount().email);
  await teamSection.getByRole('button', { name: 'Send invitation' }).click();
  await expect(teamSection.getByRole('alert')).toContainText('All 3 seats of your team are taken');

  await remove.click();
  await expect(remove).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Team' })).not.toContainText('You are on');
});
