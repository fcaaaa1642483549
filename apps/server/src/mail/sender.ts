import type { Db } from '../db/connect.js';
import { nowIso } from '../time.js';
import { claimDue, markFailed, markSent, type OutboxRow } from './repository.js';
import type { MailTransport } from './transport.js';

/** Waits after the 1st, 2nd, … failed attempt; after the last one the message is given up. */
export const RETRY_DELAYS_MS = [
  15_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  6 * 3600_000,
];
/** Longer than any send can take (the SMTP transport's timeouts end one well before). */
export const LEASE_MS = 5 * 60_000;
const BATCH = 20;

export interface SenderLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Delivers the outbox: claims due rows under a lease, hands each to the transport once, and
 * records the outcome. Any number of senders (processes) may run against one database; a row
 * whose sender died mid-send is taken up again when its lease runs out.
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> = Promise.resolve();
  private readonly passes = new Set<Promise<unknown>>();
  private again = false;
  private stopped = false;

  private log?: SenderLog;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
  ) {}

  /** One pass: delivers everything due at `now`. Returns how many were sent and failed. */
  deliverDue(now = Date.now()): Promise<{ sent: number; failed: number }> {
    const pass = this.pass(now);
    this.passes.add(pass);
    void pass.finally(() => this.passes.delete(pass)).catch(() => undefined);
    return pass;
  }

  private async pass(now: number): Promise<{ sent: number; failed: number }> {
    const result = { sent: 0, failed: 0 };
    for (;;) {
      if (this.stopped) return result;
      const rows = await claimDue(this.db, nowIso(now), LEASE_MS, BATCH);
      if (rows.length === 0) return result;
      for (const row of rows) {
        if (await this.deliver(row, now)) result.sent++;
        else result.failed++;
      }
    }
  }

  private async deliver(row: OutboxRow, now: number): Promise<boolean> {
    try {
      await this.transport.send({
        id: row.id,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
    } catch (error) {
      const delay = RETRY_DELAYS_MS[row.attempts - 1];
      const message = describe(error);
      await markFailed(this.db, row, message, delay === undefined ? null : nowIso(now + delay));
      // Recipient and subject only: bodies carry single-use links.
      this.log?.warn(
        { mail: row.id, to: row.to_address, attempt: row.attempts, error: message },
        delay === undefined ? 'mail: giving up' : 'mail: delivery failed, will retry',
      );
      return false;
    }
    await markSent(this.db, row, nowIso());
    return true;
  }

  /**
   * Runs a pass soon (after a message was queued) once the sender is started; passes never
   * overlap within a process.
   */
  kick(): void {
    if (this.stopped || !this.timer) return;
    this.again = true;
    this.running = this.running.then(async () => {
      while (this.again && !this.stopped) {
        this.again = false;
        try {
          await this.deliverDue();
        } catch (error) {
          this.log?.warn({ error: describe(error) }, 'mail: sender pass failed');
        }
      }
    });
  }

  /** Polls for due rows (retries, other processes' messages) every `intervalMs`. */
  start(log?: SenderLog, intervalMs = 5_000): void {
    this.log = log;
    this.timer = setInterval(() => this.kick(), intervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Stops polling and waits for the send in progress to be recorded. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopped = true;
    await this.running;
    await Promise.allSettled([...this.passes]);
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
