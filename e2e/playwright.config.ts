import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The production build served by the real server on its own port and data folder.
const PORT = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'tracery-e2e-'));
// Tests that use the admin CLI (tracery admin set-plan) need the server's data folder.
process.env.E2E_DATA_DIR = dataDir;
// The app sends its email over SMTP to the run's own server (smtp-inbox.ts), which files each
// message in the inbox folder for the tests to read (tests/inbox.ts).
process.env.E2E_SMTP_PORT ??= String(PORT + 1);
process.env.E2E_INBOX_DIR ??= join(dataDir, 'smtp-inbox');
// cloud.spec.ts runs a fake Dropbox (OAuth + API) on this port; the server points its hosts there.
process.env.E2E_DROPBOX_PORT ??= String(PORT + 2);
const fakeDropbox = `http://127.0.0.1:${process.env.E2E_DROPBOX_PORT}`;

export default defineConfig({
  testDir: './tests',
  globalSetup: './smtp-inbox.ts',
  timeout: 90_000,
  expect: {
    timeout: 15_000,
    // Compared with the stored references in e2e/references (`--update-snapshots` rewrites them,
    // e.g. after an engine change); 1% of the pixels may differ (anti-aliasing, text rendering).
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, animations: 'disabled' },
  },
  snapshotPathTemplate: '{testDir}/../references/{arg}{ext}',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    acceptDownloads: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node ../apps/server/dist/main.js',
    url: `http://127.0.0.1:${PORT}/api/system/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      TRACE_WORKERS: '2',
      SIGNUPS_PER_HOUR: '10000',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      MAIL_FROM: 'Tracery <no-reply@tracery.test>',
      // ads.spec.ts answers AdSense's script itself; without consent nothing is loaded.
      ADS_CLIENT_ID: 'ca-pub-1234567890123456',
      ADS_SLOT_HEADER: '1111111111',
      ADS_SLOT_FOOTER: '2222222222',
      DROPBOX_CLIENT_ID: 'tracery-test-client',
      DROPBOX_CLIENT_SECRET: 'tracery-test-secret-0123456789',
      DROPBOX_AUTH_BASE: fakeDropbox,
      DROPBOX_API_BASE: fakeDropbox,
      DROPBOX_CONTENT_BASE: fakeDropbox,
    },
  },
});
