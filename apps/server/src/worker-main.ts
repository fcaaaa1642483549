import pino from 'pino';
import { loadConfig } from './config.js';
import { startQueueWorker } from './jobs/queue-worker.js';
import { registry } from './metrics/registry.js';
import { startMetricsServer } from './metrics/server.js';
import { openFileStore } from './storage/open-file-store.js';

/** `npm run worker`: a trace worker process for the scale-out mode (needs REDIS_URL). */
const config = loadConfig();
const log = pino({ level: config.logLevel, name: 'tracery-worker' });
if (!config.redisUrl) {
  log.error('REDIS_URL is not set; the embedded server traces in its own threads');
  process.exit(1);
}
const worker = startQueueWorker({
  redisUrl: config.redisUrl,
  files: await openFileStore(config),
  threads: config.traceWorkers,
  prefix: config.queuePrefix,
  timeoutMs: config.traceTimeoutMs,
  warmUp: config.traceWarmUp,
  log,
});
if (config.metrics.port !== undefined) {
  const metrics = await startMetricsServer({
    port: config.metrics.port,
    host: config.metrics.host,
    token: config.metrics.token,
    registry,
  });
  log.info(`metrics on http://${config.metrics.host}:${metrics.port}/metrics`);
}
log.info(`${config.traceWorkers} threads on ${new URL(config.redisUrl).host}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void worker.close().finally(() => process.exit(0)));
}
