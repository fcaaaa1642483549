import { randomUUID } from 'node:crypto';
import { CREDIT_UNITS, type PlanId } from '@tracery/contracts';
import { sql } from 'kysely';
import { setPlan } from '../account/set-plan.js';
import { findUserById, type UserRow } from '../auth/users.js';
import { applyCredit } from '../credits/ledger.js';
import type { Db } from '../db/connect.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';

/** Figures for the admin panel, straight from the tables. */
export async function serviceStats(db: Db, now = Date.now()) {
  const day = nowIso(now - 24 * 3600_000);
  const week = nowIso(now - 7 * 24 * 3600_000);
  const users = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.countAll<number | string>().as('total'), 'plan_id'])
    .groupBy('plan_id')
    .execute();
  const conversions = await db
    .selectFrom('conversions')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('n'),
      'status',
      sql<number | string>`sum(case when created_at >= ${day} then 1 else 0 end)`.as('last_day'),
      sql<number | string>`sum(case when created_at >= ${week} then 1 else 0 end)`.as('last_week'),
    ])
    .groupBy('status')
    .execute();
  const spent = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.sum<number | string | null>('delta_units').as('units'))
    .where('reason', '=', 'Conversion')
    .where('created_at', '>=', week)
    .executeTakeFirst();
  return {
    users_by_plan: Object.fromEntries(users.map((u) => [u.plan_id, Number(u.total)])),
    conversions_by_status: Object.fromEntries(
      conversions.map((c) => [
        c.status,
        { total: Number(c.n), last_day: Number(c.last_day), last_week: Number(c.last_week) },
      ]),
    ),
    credits_spent_last_week: -Number(spent?.units ?? 0) / 100,
  };
}

export async function searchUsers(db: Db, query: string, limit: number) {
  const q = `%${query.trim().toLowerCase().replace(/[%_]/g, '')}%`;
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => eb.or([eb('email', 'like', q), eb(eb.fn('lower', ['name']), 'like', q)]))
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

async function existingUser(db: Db, id: string): Promise<UserRow> {
  const user = await findUserById(db, id);
  if (!user) throw new DomainError('NOT_FOUND', 'User not found');
  return user;
}

/** Moves an account to a plan (that plan's credits for this month are granted once). */
export async function changePlan(db: Db, userId: string, planId: PlanId): Promise<UserRow> {
  return setPlan(db, (await existingUser(db, userId)).email, planId);
}

/** Grants (or takes back) credits through the ledger, keyed so a retried request counts once. */
export async function grantCredits(
  db: Db,
  adminId: string,
  userId: string,
  input: { credits: number; reason: string; idempotency_key?: string },
): Promise<UserRow> {
  const target = await existingUser(db, userId);
  const result = await applyCredit(
    db,
    target.id,
    Math.round(input.credits * CREDIT_UNITS),
    `admin:${adminId}:${input.idempotency_key ?? randomUUID()}`,
    `Admin: ${input.reason}`,
  );
  if (result === 'insufficient')
    throw new DomainError('CONFLICT', 'That would make the balance negative');
  return (await findUserById(db, target.id))!;
}
