import type { Db } from '../db/connect.js';
import { findRows } from '../db/rows.js';
import { nowIso } from '../time.js';

/** The runners table: one row per live server process (see crash-recovery.ts). */
export interface RunnerIdentity {
  id: string;
  host: string;
  pid: number;
}

export async function registerRunner(db: Db, runner: RunnerIdentity): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('runners')
    .values({ ...runner, started_at: now, heartbeat_at: now })
    .execute();
}

export async function heartbeat(db: Db, id: string): Promise<void> {
  await db.updateTable('runners').set({ heartbeat_at: nowIso() }).where('id', '=', id).execute();
}

export async function otherRunners(db: Db, selfId: string) {
  return db.selectFrom('runners').selectAll().where('id', '!=', selfId).execute();
}

export async function removeRunner(db: Db, id: string): Promise<void> {
  await db.deleteFrom('runners').where('id', '=', id).execute();
}

/** Jobs a runner left in processing. */
export async function processingJobsOf(db: Db, runnerId: string): Promise<string[]> {
  const rows = await findRows(db, 'conversions', { runner_id: runnerId, status: 'processing' });
  return rows.map((r) => r.id);
}
