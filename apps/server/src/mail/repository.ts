import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/connect.js';
import type { Database, MailOutboxTable } from '../db/schema.js';
import { addMs, nowIso } from '../time.js';
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

/** A row is due when it waits for its (next) attempt, or its sender's lease ran out (a crash). */
function due(now: string) {
  return (eb: ExpressionBuilder<Database, 'mail_outbox'>) =>
    eb.or([
      eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
      eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)]),
    ]);
}

/**
 * Claims up to `limit` due rows for one sender: each claim is a conditional update that only one
 * process can win, so no two senders ever hold the same row at once.
 */
export async function claimDue(
  db: Db,
  now: string,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  const candidates = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where(due(now))
    .orderBy('next_attempt_at')
    .limit(limit)
    .execute();
  const claimed: OutboxRow[] = [];
  for (const { id } of candidates) {
    const leaseId = randomUUID();
    const res = await db
      .updateTable('mail_outbox')
      .set((eb) => ({
        status: 'sending',
        lease_id: leaseId,
        lease_until: addMs(now, leaseMs),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', id)
      .where(due(now))
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) continue;
    const row = await db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .where('lease_id', '=', leaseId)
      .executeTakeFirst();
    if (row) claimed.push(row);
  }
  return claimed;
}

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
