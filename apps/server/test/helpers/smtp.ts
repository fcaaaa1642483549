import { beforeAll } from 'vitest';
import type { AddressInfo } from 'node:net';
import { useTestServer } from './server.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { startedForTests } from './started-for-tests.js';

export interface TestSmtp {
  port: number;
  /** SMTP_URL and MAIL_FROM for a test server's environment. */
  env: { SMTP_URL: string; MAIL_FROM: string };
  messages: ParsedMail[];
  /** The next `n` messages are refused with a temporary error (451). */
  refuseNext(n: number): void;
  /** Messages are accepted only when the returned function is called (a slow server). */
  hold(): () => void;
  /** Waits until a message to `to` arrives (and matches `subject`, when given). */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server in the test process: what the app sends arrives here, parsed. */
export async function startSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  let refuse = 0;
  let gate: Promise<void> | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void (async () => {
          await gate;
          if (refuse > 0) {
            refuse--;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(error);
          }
          messages.push(await simpleParser(Buffer.concat(chunks)));
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  const matches = (m: ParsedMail, to: string, subject?: RegExp) =>
    m.to !== undefined &&
    (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a.text.includes(to)) &&
    (!subject || subject.test(m.subject ?? ''));
  return {
    port,
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Tracery <no-reply@tracery.test>' },
    messages,
    refuseNext(n) {
      refuse = n;
    },
    hold() {
      let release!: () => void;
      gate = new Promise<void>((r) => (release = r));
      return () => {
        gate = undefined;
        release();
      };
    },
    async waitFor(to, subject, timeoutMs = 10_000) {
      const end = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => matches(m, to, subject));
        if (found) return found;
        if (Date.now() > end) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's text that points at `path`. */
export function linkIn(mail: ParsedMail, path: string): URL {
  const urls = (mail.text ?? '').match(/https?:\/\/\S+/g) ?? [];
  const found = urls.map((u) => new URL(u)).find((u) => u.pathname === path);
  if (!found) throw new Error(`no ${path} link in: ${mail.text}`);
  return found;
}

/** An SMTP server for the tests of a file or describe block. */
export const useSmtp = () => startedForTests(startSmtp, (smtp) => smtp.close());

/**
 * A test server whose mail goes to a real SMTP server in the test process, with the outbox
 * sender polling every 200 ms; both stop after the tests.
 */
export function useMailingServer(env: Record<string, string> = {}) {
  const smtp = useSmtp();
  const s = useTestServer(() => ({ ...smtp.env, ...env }));
  beforeAll(() => {
    s.ctx.mail.sender.start(undefined, 200);
  });
  return { smtp, s };
}
