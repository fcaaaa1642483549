import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connect.js';
import { QueueTracer } from './jobs/queue-tracer.js';
import { TracePool } from './jobs/trace-pool.js';
import type { Tracer } from './jobs/tracer.js';
import { Mailer } from './mail/service.js';
import { openFileStore } from './storage/file-store.js';

/** Opens everything a running server (or a test of one) needs; `close` releases it all. */
export async function openContext(
  config: Config,
  options: { queuePrefix?: string } = {},
): Promise<AppContext & { close(): Promise<void> }> {
  const handle = await openDatabase(config);
  const files = await openFileStore(config);
  const tracer: Tracer = config.redisUrl
    ? new QueueTracer(config.redisUrl, files, {
        timeoutMs: config.traceTimeoutMs,
        maxQueue: 500,
        prefix: options.queuePrefix,
      })
    : new TracePool({ size: config.traceWorkers, timeoutMs: config.traceTimeoutMs });
  const mail = new Mailer(handle.db, config);
  return {
    config,
    db: handle.db,
    dialect: handle.dialect,
    tracer,
    files,
    mail,
    async close() {
      await mail.close();
      await tracer.close();
      await handle.close();
    },
  };
}
