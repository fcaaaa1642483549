import type { UserRow } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { nowIso } from '../time.js';

/** The address is verified only if it is still the account's (an email change needs a new link). */
export async function markEmailVerifiedIn(trx: Db, userId: string, email: string): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** The account's stored files: conversion results, batch inputs and results (deleted before the rows go). */
export async function storedFilesOf(
  db: Db,
  userId: string,
): Promise<{ results: string[]; inputs: string[] }> {
  const conversions = await db
    .selectFrom('conversions')
    .select('storage_key')
    .where('user_id', '=', userId)
    .where('storage_key', 'is not', null)
    .execute();
  const items = await db
    .selectFrom('batch_items')
    .select(['input_key', 'storage_key'])
    .where('user_id', '=', userId)
    .execute();
  const keys = (list: (string | null)[]) => list.filter((k): k is string => Boolean(k));
  return {
    results: keys([...conversions.map((r) => r.storage_key), ...items.map((i) => i.storage_key)]),
    inputs: keys(items.map((i) => i.input_key)),
  };
}

/**
 * Everything personal of an account goes; the user row stays, anonymised, because the credit
 * ledger (kept for the books) refers to it. Its subscription stops, so it is never renewed.
 */
export async function anonymiseUserIn(trx: Db, user: UserRow, now: string): Promise<void> {
  const id = user.id;
  for (const table of [
    'sessions',
    'api_keys',
    'account_tokens',
    'chat_sessions',
    'team_members',
    'trace_defaults',
  ] as const)
    await trx.deleteFrom(table).where('user_id', '=', id).execute();
  await trx.deleteFrom('teams').where('owner_id', '=', id).execute();
  await trx.deleteFrom('conversions').where('user_id', '=', id).execute();
  await trx.deleteFrom('batches').where('user_id', '=', id).execute();
  await trx
    .deleteFrom('billing_tokens')
    .where((eb) => eb.or([eb('user_id', '=', id), eb('email', '=', user.email)]))
    .execute();
  await trx
    .updateTable('checkout_sessions')
    .set({ payer_email: null, success_url: '', cancel_url: '' })
    .where('user_id', '=', id)
    .execute();
  await trx
    .updateTable('subscriptions')
    .set({ status: 'expired', cancel_at_period_end: 1, updated_at: now })
    .where('user_id', '=', id)
    .execute();
  await trx
    .deleteFrom('mail_outbox')
    .where('to_address', '=', user.email)
    .where('status', '!=', 'sent')
    .execute();
  await trx
    .updateTable('mail_outbox')
    .set({ to_address: 'deleted account' })
    .where('to_address', '=', user.email)
    .execute();
  // Its throttle counters name the address (auth/throttle.ts).
  await trx
    .deleteFrom('throttle_counters')
    .where((eb) =>
      eb.or([
        eb('bucket', 'in', [`login:acct:${user.email}`, `reset:email:${user.email}`]),
        // `login:acct-ip:<email>|<address>`: '}' sorts right after '|'.
        eb.and([
          eb('bucket', '>=', `login:acct-ip:${user.email}|`),
          eb('bucket', '<', `login:acct-ip:${user.email}}`),
        ]),
      ]),
    )
    .execute();
  await trx
    .updateTable('users')
    .set({
      email: `deleted-${id}@deleted.invalid`,
      name: 'Deleted account',
      password_hash: null,
      google_sub: null,
      avatar_url: null,
      role: 'user',
      plan_id: 'free',
      email_verified_at: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}
