import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * The e2e run's SMTP server (Playwright globalSetup): the app under test sends every email
 * here (SMTP_URL in playwright.config.ts), and each message lands as an .eml file in the inbox
 * folder, where the tests (another process) read it with tests/inbox.ts.
 */
export default async function startSmtpInbox(): Promise<() => Promise<void>> {
  const port = Number(process.env.E2E_SMTP_PORT);
  const inbox = process.env.E2E_INBOX_DIR!;
  mkdirSync(inbox, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const file = join(inbox, `${Date.now()}-${++n}.eml`);
        // Written whole, then renamed: a reader never sees half a message.
        writeFileSync(`${file}.part`, Buffer.concat(chunks));
        renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
