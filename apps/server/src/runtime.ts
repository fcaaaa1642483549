import { join } from 'node:path';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connect.js';
import { TracePool } from './jobs/trace-pool.js';
import { LocalFileStore } from './storage/file-store.js';

/** Opens everything a running server (or a test of one) needs; `close` releases it all. */
export async function openContext(
  config: Config,
): Promise<AppContext & { close(): Promise<void> }> {
  const handle = await openDatabase(config);
  const tracer = new TracePool({ size: config.traceWorkers, timeoutMs: config.traceTimeoutMs });
  const files = new LocalFileStore(join(config.dataDir, 'files'));
  return {
    config,
    db: handle.db,
    dialect: handle.dialect,
    tracer,
    files,
    async close() {
      await tracer.close();
      await handle.close();
    },
  };
}
