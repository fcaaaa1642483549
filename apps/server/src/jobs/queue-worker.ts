import { Worker } from 'bullmq';
import { isDomainError } from '../errors.js';
import { queueWait } from '../metrics/registry.js';
import type { FileStore } from '../storage/file-store.js';
import {
  TRACE_QUEUE,
  redisConnection,
  vectorKeyOfOutput,
  type QueuedTrace,
  type QueuedTraceResult,
} from './queue-tracer.js';
import { TracePool } from './trace-pool.js';
import type { RasterData } from './trace-task.js';

interface QueueWorkerLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
  child(bindings: object): QueueWorkerLog;
}

export interface QueueWorkerOptions {
  redisUrl: string;
  files: FileStore;
  threads: number;
  timeoutMs: number;
  /** The threads warm the engine up before they take jobs (default true). */
  warmUp?: boolean;
  prefix?: string;
  /** Where failed traces are logged with their cause (pino in `npm run worker`). */
  log?: QueueWorkerLog;
}

/**
 * A queue consumer: takes trace jobs from Redis and runs them in this process's own worker-thread
 * pool (same time and memory bounds as the embedded mode), reading and writing pixels through
 * the shared file store. A failed trace is logged here and answered with its error code.
 */
export function startQueueWorker(options: QueueWorkerOptions): { close(): Promise<void> } {
  const pool = new TracePool({
    size: options.threads,
    timeoutMs: options.timeoutMs,
    warmUp: options.warmUp,
  });
  const load = async (ref: QueuedTrace['full']): Promise<RasterData> => {
    const bytes = await options.files.get(ref.key);
    if (!bytes) throw new Error(`Missing job input ${ref.key}`);
    return {
      width: ref.width,
      height: ref.height,
      data: new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    };
  };
  const worker = new Worker<QueuedTrace, QueuedTraceResult>(
    TRACE_QUEUE,
    async (job) => {
      const data = job.data;
      const log = options.log?.child({
        request_id: data.requestId,
        conversion_id: data.conversionId,
        job_id: job.id,
      });
      const started = performance.now();
      queueWait.observe({ queue: 'bullmq' }, Math.max(0, Date.now() - job.timestamp) / 1000);
      try {
        const outcome = await pool.run({
          conversionId: data.conversionId,
          full: await load(data.full),
          sample: await load(data.sample),
          format: data.format,
          tier: data.tier,
          options: data.options,
        });
        await options.files.put(data.outputKey, outcome.output);
        log?.info(
          { format: data.format, tier: data.tier, ms: Math.round(performance.now() - started) },
          'traced',
        );
        await options.files.put(vectorKeyOfOutput(data.outputKey), outcome.vector);
        return {
          ok: true,
          outputKey: data.outputKey,
          engine: outcome.engine,
          scores: outcome.scores,
          recommended: outcome.recommended,
        };
      } catch (error) {
        const code = isDomainError(error, 'CONVERSION_TIMEOUT')
          ? 'CONVERSION_TIMEOUT'
          : 'CONVERSION_FAILED';
        log?.error({ err: error, code }, 'trace failed');
        return { ok: false, code, message: (error as Error).message || 'The trace failed' };
      }
    },
    {
      connection: redisConnection(options.redisUrl),
      concurrency: options.threads,
      prefix: options.prefix,
      lockDuration: options.timeoutMs + 30_000,
      // A job whose worker died (its lock lapsed) fails instead of running again: by then the API
      // has given up on it at its time limit, refunded it and deleted its input.
      maxStalledCount: 0,
    },
  );
  return {
    async close() {
      await worker.close();
      await pool.close();
    },
  };
}
