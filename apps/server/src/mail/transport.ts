import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** One message as the sender hands it to a transport. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailTransport {
  /** For the start-up log: where mail goes. */
  readonly description: string;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** Bounded so that a send always ends well inside the sender's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

/** A stable Message-ID per outbox row: a receiver can tell a crash-retried copy from a new mail. */
const messageId = (id: string, from: string) =>
  `<${id}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'tracery.local'}>`;

function envelope(mail: OutgoingMail, from: string) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: messageId(mail.id, from),
  };
}

/** Real delivery through an SMTP server (SMTP_URL). */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS } as never);
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return 'the SMTP server';
    }
  })();
  return {
    description: `SMTP via ${host}`,
    async send(mail) {
      await transporter.sendMail(envelope(mail, from));
    },
    close: () => transporter.close(),
  };
}

/**
 * The embedded default without SMTP: each message becomes a complete .eml file in `dir`
 * (named by its outbox id, so a retried delivery replaces its own file instead of adding one).
 */
export function fileTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    description: `files in ${dir} (no SMTP_URL set)`,
    async send(mail) {
      const info = await transporter.sendMail(envelope(mail, from));
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${mail.id}.eml`);
      writeFileSync(`${file}.tmp`, info.message as Buffer);
      renameSync(`${file}.tmp`, file);
    },
    close: () => transporter.close(),
  };
}
