import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { claimDueRows } from '../db/lease.js';
import type { MailOutboxTable } from '../db/schema.js';
import { nowIso } from '../time.js';
import type { RenderedEmail } from './layout.js';

export type OutboxRow = MailOutboxTable;

export interface NewMail extends RenderedEmail {
  kind: string;
  to: string;
  /** At most one message ever exists per key (the insert is skipped when it does). */
  dedupeKey?: string;
}

/**
 * Queues a message. Pass the transaction of the event that causes it, so the message exists if
 * and only if the event committed. Returns false when a message with the same dedupe key exists.
 */
export async function enqueueIn(trx: Db, mail: NewMail): Promise<boolean> {
  const now = nowIso();
  const res = await trx
    .insertInto('mail_outbox')
    .values({
      id: randomUUID(),
      kind: mail.kind,
      to_address: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      dedupe_key: mail.dedupeKey ?? null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      lease_id: null,
      lease_until: null,
      last_error: null,
      created_at: now,
      sent_at: null,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Claims up to `limit` due messages for one sender (see claimDueRows). */
export const claimDue = (db: Db, now: string, leaseMs: number, limit: number) =>
  claimDueRows(db, 'mail_outbox', { waiting: 'pending', working: 'sending' }, now, leaseMs, limit);

/** Delivered: the bodies (which carry single-use links) are dropped. */
export async function markSent(db: Db, row: OutboxRow, now: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: 'sent',
      sent_at: now,
      lease_id: null,
      lease_until: null,
      last_error: null,
      text_body: '',
      html_body: '',
    })
    .where('id', '=', row.id)
    .where('lease_id', '=', row.lease_id)
    .execute();
}

/** A failed attempt: retried at `retryAt`, or given up (status failed) when that is null. */
export async function markFailed(
  db: Db,
  row: OutboxRow,
  error: string,
  retryAt: string | null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      status: retryAt ? 'pending' : 'failed',
      next_attempt_at: retryAt ?? row.next_attempt_at,
      lease_id: null,
      lease_until: null,
      last_error: error.slice(0, 500),
    })
    .where('id', '=', row.id)
    .where('lease_id', '=', row.lease_id)
    .execute();
}

export interface OutboxPage {
  items: Pick<
    OutboxRow,
    | 'id'
    | 'kind'
    | 'to_address'
    | 'subject'
    | 'status'
    | 'attempts'
    | 'last_error'
    | 'created_at'
    | 'sent_at'
    | 'next_attempt_at'
  >[];
  total: number;
}

/** The admin list, newest first: never the bodies. */
export async function listOutbox(
  db: Db,
  query: { status?: string; limit: number; offset: number },
): Promise<OutboxPage> {
  let base = db.selectFrom('mail_outbox');
  if (query.status) base = base.where('status', '=', query.status);
  const items = await base
    .select([
      'id',
      'kind',
      'to_address',
      'subject',
      'status',
      'attempts',
      'last_error',
      'created_at',
      'sent_at',
      'next_attempt_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const count = await base
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return { items, total: Number(count?.n ?? 0) };
}

/** Unsent messages by status (the backlog metric). */
export async function outboxCounts(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
    .where('status', '!=', 'sent')
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}
