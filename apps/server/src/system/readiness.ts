import type { Readiness } from '@tracery/contracts';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';

/** A dependency that has not answered within this long counts as down. */
const CHECK_TIMEOUT_MS = 2000;

async function answers(probe: () => Promise<unknown>): Promise<'ok' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'down'>((resolve) => {
    timer = setTimeout(() => resolve('down'), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([probe().then(() => 'ok' as const), late]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Whether this process should get traffic: not while draining, and only when the database, the
 * queue (Redis in the scale-out mode; queue workers being online is /health's business) and the
 * file store answer. Reading a key that does not exist touches the store without writing to it.
 */
export async function readiness(ctx: AppContext): Promise<Readiness> {
  const [database, queue, storage] = await Promise.all([
    answers(() => sql`select 1`.execute(ctx.db)),
    answers(() => ctx.tracer.online()),
    answers(() => ctx.files.get('readiness-probe/none')),
  ]);
  const reachable = database === 'ok' && queue === 'ok' && storage === 'ok';
  return {
    status: ctx.lifecycle.draining ? 'draining' : reachable ? 'ready' : 'not_ready',
    checks: { database, queue, storage },
  };
}
