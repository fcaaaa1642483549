import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents } from 'bullmq';
import type { FileStore } from '../storage/file-store.js';
import { QueueFull, TraceFailed, TraceTimeout } from './trace-pool.js';
import type { TraceOutcome, TraceTask } from './trace-task.js';
import type { Tracer } from './tracer.js';

export const TRACE_QUEUE = 'tracery-trace';

/** What travels through Redis: dimensions and file keys only; pixels go through the file store. */
export interface QueuedTrace {
  format: TraceTask['format'];
  tier: TraceTask['tier'];
  full: { width: number; height: number; key: string };
  sample: { width: number; height: number; key: string };
  outputKey: string;
}

export interface QueuedTraceResult {
  outputKey: string;
  engine: TraceOutcome['engine'];
  scores: TraceOutcome['scores'];
  recommended: TraceOutcome['recommended'];
}

export const redisConnection = (url: string) => {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username || undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    maxRetriesPerRequest: null,
  };
};

/**
 * Scale-out tracing: jobs go to a BullMQ queue in Redis and any number of `npm run worker`
 * processes (sharing the file store) take them. The API waits for the result, so the upload
 * still answers with the finished conversion. Queue depth is bounded (429 when full).
 */
export class QueueTracer implements Tracer {
  readonly kind = 'bullmq';
  private readonly queue: Queue;
  private readonly events: QueueEvents;

  constructor(
    redisUrl: string,
    private readonly files: FileStore,
    private readonly options: { timeoutMs: number; maxQueue: number; prefix?: string },
  ) {
    const connection = redisConnection(redisUrl);
    this.queue = new Queue(TRACE_QUEUE, { connection, prefix: options.prefix });
    this.events = new QueueEvents(TRACE_QUEUE, { connection, prefix: options.prefix });
  }

  async online(): Promise<number> {
    return this.queue.getWorkersCount();
  }

  async run(task: TraceTask): Promise<TraceOutcome> {
    if ((await this.queue.getWaitingCount()) >= this.options.maxQueue) {
      throw new QueueFull('The conversion queue is full');
    }
    const id = randomUUID();
    const data: QueuedTrace = {
      format: task.format,
      tier: task.tier,
      full: { width: task.full.width, height: task.full.height, key: `jobs/${id}/full.rgba` },
      sample: {
        width: task.sample.width,
        height: task.sample.height,
        key: `jobs/${id}/sample.rgba`,
      },
      outputKey: `jobs/${id}/output.${task.format}`,
    };
    await this.files.put(data.full.key, bytesOf(task.full.data));
    await this.files.put(data.sample.key, bytesOf(task.sample.data));
    try {
      const job = await this.queue.add('trace', data, {
        jobId: id,
        attempts: 1,
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      });
      let result: QueuedTraceResult;
      try {
        result = (await job.waitUntilFinished(
          this.events,
          this.options.timeoutMs,
        )) as QueuedTraceResult;
      } catch (error) {
        const message = (error as Error).message ?? '';
        if (/timed out|ttl/i.test(message))
          throw new TraceTimeout('The trace took too long and was stopped');
        throw new TraceFailed(message || 'The trace failed');
      }
      const output = await this.files.get(result.outputKey);
      if (!output) throw new TraceFailed('The trace worker stored no output');
      return {
        output,
        engine: result.engine,
        scores: result.scores,
        recommended: result.recommended,
      };
    } finally {
      await Promise.all(
        [data.full.key, data.sample.key, data.outputKey].map((k) => this.files.delete(k)),
      );
    }
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
  }
}

const bytesOf = (a: Uint8ClampedArray) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
