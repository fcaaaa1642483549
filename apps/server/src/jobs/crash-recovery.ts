import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { refund } from '../conversions/repository.js';
import type { Db } from '../db/connect.js';
import {
  heartbeat,
  otherRunners,
  processingJobsOf,
  registerRunner,
  removeRunner,
  type RunnerIdentity,
} from './runners.js';

/**
 * Crash recovery. Every server process registers itself as a runner (host, pid, heartbeat) and
 * stamps the conversions it starts with its runner id. A process killed mid-trace (kill -9, out of
 * memory, power) leaves them `processing` with their credits held; the next process to start, or
 * any live one on its next beat, recognises the dead runner and fails and refunds its jobs at once:
 * - same host: its pid no longer exists (or is ours: a restarted container);
 * - any host: it has not beaten for STALE_AFTER_MS.
 * The sweeper's stuck-job refund stays as the safety net (jobs without a runner, say).
 */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 60_000;
const CRASHED = 'The server restarted during the conversion; your credits were refunded';

export interface Runner {
  id: string;
  /** Refunds of dead runners' jobs made by this call (at start-up, then on each beat). */
  recover(): Promise<number>;
  stop(): Promise<void>;
}

export async function startRunner(
  db: Db,
  log: (message: string, detail: object) => void = () => {},
): Promise<Runner> {
  const self: RunnerIdentity = { id: randomUUID(), host: hostname(), pid: process.pid };
  await registerRunner(db, self);
  const recover = async () => {
    let refunded = 0;
    for (const runner of await otherRunners(db, self.id)) {
      if (!isDead(runner, self.host)) continue;
      for (const jobId of await processingJobsOf(db, runner.id))
        if (await refund(db, jobId, CRASHED)) refunded++;
      await removeRunner(db, runner.id);
      log('recovered the jobs of a dead server process', { runner: runner.id, refunded });
    }
    return refunded;
  };
  await recover();
  const timer = setInterval(() => {
    void heartbeat(db, self.id)
      .then(recover)
      .catch((error: unknown) => log('runner heartbeat failed', { err: error }));
  }, HEARTBEAT_MS);
  timer.unref();
  return {
    id: self.id,
    recover,
    async stop() {
      clearInterval(timer);
      await removeRunner(db, self.id);
    },
  };
}

function isDead(
  runner: { host: string; pid: number; heartbeat_at: string },
  ownHost: string,
  now = Date.now(),
): boolean {
  // Same host: gone, or our own pid (a restarted container's node is pid 1 again).
  if (runner.host === ownHost && (runner.pid === process.pid || !processExists(runner.pid)))
    return true;
  return Date.parse(runner.heartbeat_at) < now - STALE_AFTER_MS;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is just not ours to signal.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
