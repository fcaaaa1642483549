import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
import { isUniqueViolation } from '../db/transactions.js';
import { credits } from '../metrics/registry.js';
import { CREDIT_UNITS } from '@tracery/contracts';
import { nowIso } from '../time.js';

/**
 * The credit ledger. Every balance change is one ledger row with a unique idempotency key,
 * written in the same transaction as a conditional update of the balance, so a change happens
 * at most once and the balance can never go below zero.
 */
export type LedgerResult = 'applied' | 'duplicate' | 'insufficient';

export async function applyCredit(
  db: Db,
  userId: string,
  deltaUnits: number,
  key: string,
  reason: string,
): Promise<LedgerResult> {
  try {
    return await db
      .transaction()
      .execute((trx) => applyCreditIn(trx, userId, deltaUnits, key, reason));
  } catch (error) {
    // A concurrent writer inserted the same key first: its change stands, ours is a duplicate.
    if (isUniqueViolation(error)) return 'duplicate';
    throw error;
  }
}

/** The same change inside a transaction the caller already holds. */
export async function applyCreditIn(
  trx: Db,
  userId: string,
  deltaUnits: number,
  key: string,
  reason: string,
): Promise<LedgerResult> {
  const existing = await trx
    .selectFrom('credit_ledger')
    .select('id')
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (existing) return 'duplicate';
  const updated = await trx
    .updateTable('users')
    .set({ credits_units: sql`credits_units + ${deltaUnits}`, updated_at: nowIso() })
    .where('id', '=', userId)
    .where('credits_units', '>=', deltaUnits < 0 ? -deltaUnits : 0)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return 'insufficient';
  await trx
    .insertInto('credit_ledger')
    .values({
      id: randomUUID(),
      user_id: userId,
      idempotency_key: key,
      delta_units: deltaUnits,
      reason,
      created_at: nowIso(),
    })
    .execute();
  // Counted when written; a transaction that rolls back later (rare) still counts.
  credits.inc({ kind: creditKind(deltaUnits, key) }, Math.abs(deltaUnits) / CREDIT_UNITS);
  return 'applied';
}

const creditKind = (deltaUnits: number, key: string) =>
  deltaUnits < 0
    ? 'charge'
    : key.endsWith(':refund')
      ? 'refund'
      : key.startsWith('admin:')
        ? 'adjustment'
        : 'grant';

export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('delta_units').as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** The account's balance, in hundredths of a credit. */
export async function balanceUnits(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select('credits_units')
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.credits_units ?? 0;
}
