import { sql } from 'kysely';
import type { Db } from '../db/connect.js';
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
