import { randomUUID } from 'node:crypto';
import { CREDIT_UNITS, PLANS, isPlanId, type User, planOf } from '@tracery/contracts';
import type { Db } from '../db/connect.js';
import { findRow } from '../db/rows.js';
import type { UsersTable } from '../db/schema.js';
import { applyCreditIn } from '../credits/ledger.js';
import { isUniqueViolation } from '../db/transactions.js';
import { nowIso } from '../time.js';

export type UserRow = UsersTable;

export function toApiUser(row: UserRow): User {
  const plan = isPlanId(row.plan_id) ? row.plan_id : 'free';
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified: Boolean(row.email_verified_at),
    subscription_tier: planOf(plan).base,
    plan_id: plan,
    credits_remaining: row.credits_units / CREDIT_UNITS,
    role: row.role,
    is_admin: row.role === 'admin',
    avatar_url: row.avatar_url,
    created_at: row.created_at,
  };
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return findRow(db, 'users', { email: normaliseEmail(email) });
}

export async function findUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  return findRow(db, 'users', { google_sub: sub });
}

/** Sets the Google account of a user that has none yet; undefined if it had one (or sub is taken). */
export async function bindGoogleSub(
  db: Db,
  userId: string,
  sub: string,
): Promise<UserRow | undefined> {
  try {
    const res = await db
      .updateTable('users')
      // Google vouches for the email it signed for, which is this account's.
      .set((eb) => ({
        google_sub: sub,
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(nowIso())),
        updated_at: nowIso(),
      }))
      .where('id', '=', userId)
      .where('google_sub', 'is', null)
      .executeTakeFirst();
    if (Number(res.numUpdatedRows) !== 1) return undefined;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  return findUserById(db, userId);
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return findRow(db, 'users', { id });
}

export async function setPasswordHash(db: Db, userId: string, hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: hash, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
}

export interface NewUser {
  email: string;
  name: string;
  passwordHash: string | null;
  googleSub?: string | null;
  avatarUrl?: string | null;
  /** The address is known to be the owner's (Google says so, or an emailed link proved it). */
  emailVerified?: boolean;
}

/**
 * Creates a user on the free plan and grants the free plan's monthly credits through the ledger.
 * Returns undefined when the email is already taken.
 */
export async function createUser(
  db: Db,
  input: NewUser,
  /** More work in the same transaction (the verification email's outbox row). */
  inTransaction?: (trx: Db, user: { id: string; email: string; name: string }) => Promise<void>,
): Promise<UserRow | undefined> {
  const now = nowIso();
  const id = randomUUID();
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values({
        id,
        email: normaliseEmail(input.email),
        name: input.name.trim(),
        password_hash: input.passwordHash,
        google_sub: input.googleSub ?? null,
        avatar_url: input.avatarUrl ?? null,
        role: 'user',
        plan_id: 'free',
        credits_units: 0,
        credits_period_start: now,
        created_at: now,
        updated_at: now,
        email_verified_at: input.emailVerified ? now : null,
      })
      .onConflict((oc) => oc.column('email').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1) return false;
    await applyCreditIn(
      trx,
      id,
      PLANS.free.monthlyCredits * CREDIT_UNITS,
      `grant:${id}:${now.slice(0, 7)}`,
      'Free plan monthly credits',
    );
    await inTransaction?.(trx, {
      id,
      email: normaliseEmail(input.email),
      name: input.name.trim(),
    });
    return true;
  });
  return created ? findUserById(db, id) : undefined;
}
