import { expect, test } from '@playwright/test';

// Chromium's fake camera (a moving test pattern) stands in for a device camera, permission given.
test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

test('Use Camera shows the camera and Take photo queues the photo like a dropped file', async ({
  page,
}) => {
  await page.goto('/convert');
  await page.getByRole('button', { name: 'Use Camera' }).click();
  const dialog = page.getByRole('dialog', { name: 'Take a photo' });
  await expect(dialog.getByLabel('Camera preview')).toBeVisible();
  await dialog.getByRole('button', { name: 'Take photo' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Photo added to your files')).toBeVisible();
  const queued = page.getByTestId('queued-file').filter({ hasText: /camera-.*\.png/ });
  await expect(queued).toBeVisible();
  // The camera is released once the photo is taken.
  await expect(page.getByRole('button', { name: 'Use Camera' })).toBeEnabled();
});

test('without a camera the button says so and queues nothing', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () =>
      Promise.reject(new DOMException('Requested device not found', 'NotFoundError'));
  });
  await page.goto('/convert');
  await page.getByRole('button', { name: 'Use Camera' }).click();
  await expect(page.getByText('No camera found on this device')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('queued-file')).toHaveCount(0);
});
