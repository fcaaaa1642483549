import { join } from 'node:path';
import type { Config } from '../config.js';
import type { Db } from '../db/connect.js';
import { renderEmail, type EmailContent } from './layout.js';
import { enqueueIn } from './repository.js';
import { MailSender, type SenderLog } from './sender.js';
import { fileTransport, smtpTransport, type MailTransport } from './transport.js';

export interface QueuedMail {
  /** What caused it, shown in the admin list (verify_email, password_reset, receipt, …). */
  kind: string;
  to: string;
  content: EmailContent;
  dedupeKey?: string;
}

/**
 * Transactional email: messages are rendered and queued in the caller's transaction (the
 * durable outbox) and delivered by the sender, over SMTP when SMTP_URL is set, otherwise as
 * .eml files in DATA_DIR/mail.
 */
export class Mailer {
  readonly transport: MailTransport;
  readonly sender: MailSender;
  readonly baseUrl: string;

  constructor(
    private readonly db: Db,
    config: Pick<Config, 'publicUrl' | 'dataDir' | 'mail'>,
  ) {
    this.transport = config.mail.smtpUrl
      ? smtpTransport(config.mail.smtpUrl, config.mail.from)
      : fileTransport(join(config.dataDir, 'mail'), config.mail.from);
    this.sender = new MailSender(db, this.transport);
    // Where emailed links point: PUBLIC_URL (config.ts), never a request's Host.
    this.baseUrl = config.publicUrl;
  }

  /** An absolute link to a page of the app. */
  link(path: string, query: Record<string, string> = {}): string {
    const url = new URL(path, `${this.baseUrl}/`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  }

  /**
   * Queues a message inside `trx` (the transaction of the event that causes it). Returns false
   * when its dedupe key was already used. Delivery starts shortly after; the sender's polling
   * covers a transaction that commits later.
   */
  async queueIn(trx: Db, mail: QueuedMail): Promise<boolean> {
    const queued = await enqueueIn(trx, {
      kind: mail.kind,
      to: mail.to,
      dedupeKey: mail.dedupeKey,
      ...renderEmail(mail.content, this.baseUrl),
    });
    if (queued) setTimeout(() => this.sender.kick(), 100).unref();
    return queued;
  }

  /** Queues a message on its own (no surrounding event to commit with). */
  queue(mail: QueuedMail): Promise<boolean> {
    return this.queueIn(this.db, mail);
  }

  /** Starts delivering in the background and says once where mail goes. */
  start(log: SenderLog): void {
    log.info({}, `Mail: delivered as ${this.transport.description}`);
    this.sender.start(log);
  }

  async close(): Promise<void> {
    await this.sender.stop();
    this.transport.close();
  }
}
