import { spawnSync } from 'node:child_process';
import { Resvg } from '@resvg/resvg-js';
import { expect, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';

let n = 0;
export function newAccount() {
  n++;
  return {
    name: 'E2E Tester',
    email: `e2e-${Date.now()}-${n}@example.com`,
    password: 'a long test password',
  };
}

/** Fills the open auth dialog's sign-up form and sends it. */
export async function createAccountIn(dialog: Locator, account = newAccount()) {
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  return account;
}

/** Signs up through the header's dialog, as a visitor would. */
export async function signUp(page: Page, account = newAccount()) {
  await page.getByRole('button', { name: 'Sign Up Free' }).first().click();
  const dialog = page.getByRole('dialog');
  await createAccountIn(dialog, account);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  return account;
}

/** A new account sees the onboarding tutorial; a user who knows the app skips it. */
export async function skipTutorial(page: Page) {
  const tutorial = page.getByTestId('tutorial');
  await expect(tutorial).toBeVisible();
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await expect(tutorial).toBeHidden();
}

/**
 * Opens `path` and signs a new account up there, past the tutorial; with `plan`, the account
 * is put on that plan and the page reloaded to show it.
 */
export async function signUpAt(page: Page, path: string, plan?: string) {
  await page.goto(path);
  const account = await signUp(page);
  await skipTutorial(page);
  if (plan) {
    setPlan(account.email, plan);
    await page.reload();
  }
  return account;
}

/** Opens the first result in the viewer and waits for its vector. */
export async function viewFirstResult(page: Page, name: string) {
  const result = page.getByTestId('conversion-result').first();
  await expect(result).toBeVisible({ timeout: 60_000 });
  await result.getByRole('button', { name: 'View' }).click();
  const viewer = page.getByTestId('result-viewer');
  await expect(viewer.getByRole('img', { name: `Vector of ${name}` })).toBeVisible();
  return { result, viewer };
}

/** New accounts see the onboarding tutorial; close it when it shows. */
export async function closeTutorial(page: Page) {
  const tutorial = page.getByTestId('tutorial');
  try {
    await tutorial.waitFor({ state: 'visible', timeout: 3000 });
  } catch {
    return;
  }
  await tutorial.getByRole('button', { name: 'Skip tutorial' }).click();
  await expect(tutorial).toBeHidden();
}

/** Queues a PNG on /convert through the upload area's file input (a fresh drawing by default). */
export async function queueFile(page: Page, name: string, buffer?: Buffer) {
  await page
    .getByTestId('upload-area')
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'image/png', buffer: buffer ?? (await drawingPng()) });
  return page.getByTestId('queued-file').filter({ hasText: name });
}

/** A flat-colour test drawing as PNG bytes, made fresh for each run. */
export async function drawingPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="120">
    <rect width="160" height="120" fill="#ffffff"/>
    <circle cx="55" cy="60" r="38" fill="#e63946"/>
    <path d="M100 20 L150 100 L95 100 Z" fill="#1d3557"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Mean absolute RGB difference (0..255) between an SVG render and the PNG it was traced from. */
export async function renderDifference(svg: string, png: Buffer): Promise<number> {
  const meta = await sharp(png).metadata();
  const rendered = new Resvg(svg, {
    fitTo: { mode: 'width', value: meta.width! },
    background: 'white',
  }).render();
  const a = await sharp(png).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer();
  const b = await sharp(Buffer.from(rendered.asPng()))
    .resize(meta.width, meta.height, { fit: 'fill' })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i] - b[i]);
  return sum / a.length;
}

/** Runs the documented admin CLI (`tracery admin <command> <email> <value>`) on the server's data folder. */
function admin(command: 'set-plan' | 'set-role', email: string, value: string): void {
  const bin = new URL('../../apps/server/bin/tracery.js', import.meta.url).pathname;
  const r = spawnSync(process.execPath, [bin, 'admin', command, email, value], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'silent' },
  });
  if (r.status !== 0) throw new Error(`${command} failed: ${r.stderr}`);
}

/** Moves an account to a paid plan the documented way: the admin CLI. */
export const setPlan = (email: string, plan: string) => admin('set-plan', email, plan);

/** Makes an account an administrator (or a user again) with the admin CLI. */
export const setRole = (email: string, role: 'user' | 'admin') => admin('set-role', email, role);

/** Presses Tab until the focused element matches, as a keyboard user would (bounded). */
export async function tabTo(
  page: Page,
  matches: (el: Element) => boolean,
  max = 80,
): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const hit = await page.evaluate(`(${matches.toString()})(document.activeElement)`);
    if (hit) return;
  }
  throw new Error('The element was not reachable with Tab');
}
