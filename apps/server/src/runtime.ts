import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connect.js';
import { MemoryCounters, type CounterStore } from './http/rate-limit.js';
import { startRunner } from './jobs/crash-recovery.js';
import { Admission } from './conversions/admission.js';
import { TracePool } from './jobs/trace-pool.js';
import type { Tracer } from './jobs/tracer.js';
import { Mailer } from './mail/service.js';
import { openFileStore } from './storage/open-file-store.js';

/** Opens everything a running server (or a test of one) needs; `close` releases it all. */
export async function openContext(
  config: Config,
  options: { log?: (message: string, detail: object) => void } = {},
): Promise<AppContext & { close(): Promise<void> }> {
  const handle = await openDatabase(config);
  // Registers this process and settles at once the jobs of server processes that died.
  const runner = await startRunner(handle.db, options.log);
  const files = await openFileStore(config);
  const pool = new TracePool({
    // With a queue, traces run on queue workers: this pool only decodes uploads.
    size: config.redisUrl ? Math.min(2, config.traceWorkers) : config.traceWorkers,
    timeoutMs: config.traceTimeoutMs,
    warmUp: config.traceWarmUp && !config.redisUrl,
  });
  // BullMQ is loaded only in the scale-out mode.
  const tracer: Tracer = config.redisUrl
    ? new (await import('./jobs/queue-tracer.js')).QueueTracer(config.redisUrl, files, {
        timeoutMs: config.traceTimeoutMs,
        maxQueue: 500,
        prefix: config.queuePrefix,
      })
    : pool;
  const mail = new Mailer(handle.db, config);
  const counters: CounterStore = config.redisUrl
    ? new (await import('./http/redis-counters.js')).RedisCounters(
        config.redisUrl,
        config.queuePrefix,
      )
    : new MemoryCounters();
  return {
    config,
    runnerId: runner.id,
    db: handle.db,
    dialect: handle.dialect,
    tracer,
    imageWorkers: pool,
    admission: new Admission(config.maxPixelsInFlight),
    files,
    counters,
    lifecycle: { draining: false, inFlight: 0 },
    mail,
    async close() {
      await runner.stop();
      await mail.close();
      await tracer.close();
      await counters.close();
      if (tracer !== pool) await pool.close();
      await handle.close();
    },
  };
}
