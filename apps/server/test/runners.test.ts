import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { register } from './helpers/api.js';
import { insertStuckJob } from './helpers/jobs.js';
import { useTestServer } from './helpers/server.js';
import { STALE_AFTER_MS, startRunner } from '../src/jobs/crash-recovery.js';
import { balanceUnits } from '../src/credits/ledger.js';

const s = useTestServer();

async function jobOfRunner(
  userId: string,
  runner: { host: string; pid: number; beatMsAgo: number },
) {
  const runnerId = randomUUID();
  const at = new Date(Date.now() - runner.beatMsAgo).toISOString();
  await s.ctx.db
    .insertInto('runners')
    .values({ id: runnerId, host: runner.host, pid: runner.pid, started_at: at, heartbeat_at: at })
    .execute();
  const jobId = await insertStuckJob(s.ctx, userId, 'held.png');
  // A job started a moment ago: far too young for the sweeper's stuck-job rule.
  await s.ctx.db
    .updateTable('conversions')
    .set({ runner_id: runnerId, created_at: new Date().toISOString() })
    .where('id', '=', jobId)
    .execute();
  return jobId;
}

const statusOf = async (id: string) =>
  (
    await s.ctx.db
      .selectFrom('conversions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).status;

describe('runners', () => {
  it('settles the jobs of a silent runner on another host and leaves live runners alone', async () => {
    const { user } = await register(s.app);
    const dead = await jobOfRunner(user.id, {
      host: 'other-host',
      pid: 1,
      beatMsAgo: STALE_AFTER_MS + 5_000,
    });
    const live = await jobOfRunner(user.id, { host: 'other-host', pid: 2, beatMsAgo: 1_000 });
    // A runner on this host whose process is alive (this test's own), beating: left alone.
    const mine = await jobOfRunner(user.id, { host: hostname(), pid: process.ppid, beatMsAgo: 0 });
    const before = await balanceUnits(s.ctx.db, user.id);
    const runner = await startRunner(s.ctx.db);
    try {
      expect(await statusOf(dead)).toBe('failed');
      expect(await statusOf(live)).toBe('processing');
      expect(await statusOf(mine)).toBe('processing');
      expect(await balanceUnits(s.ctx.db, user.id)).toBe(before + 100);
      // A second look refunds nothing twice.
      expect(await runner.recover()).toBe(0);
      expect(await balanceUnits(s.ctx.db, user.id)).toBe(before + 100);
    } finally {
      await runner.stop();
    }
  });
});
