import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The emails the app sent during this run, as the run's SMTP server received them (smtp-inbox.ts). */
export async function waitForMail(
  to: string,
  subject: RegExp,
  timeoutMs = 20_000,
): Promise<ParsedMail> {
  const dir = process.env.E2E_INBOX_DIR!;
  const end = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.eml'))) {
      const mail = await simpleParser(readFileSync(join(dir, file)));
      const recipients = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (recipients.some((a) => a.text.includes(to)) && subject.test(mail.subject ?? ''))
        return mail;
    }
    if (Date.now() > end) throw new Error(`no email to ${to} matching ${subject} arrived`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The path and query of the first link in the message that points at `path` (opened on the test's server). */
export function linkPath(mail: ParsedMail, path: string): string {
  const urls = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const url = urls.map((u) => new URL(u)).find((u) => u.pathname === path);
  if (!url) throw new Error(`no ${path} link in: ${mail.text}`);
  return `${url.pathname}${url.search}`;
}
