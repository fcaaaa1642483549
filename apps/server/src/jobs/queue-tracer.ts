import { randomUUID } from 'node:crypto';
import { Queue, QueueEvents, type Job } from 'bullmq';
import type { FileStore } from '../storage/file-store.js';
import type { TraceOutcome, TraceTask } from './trace-task.js';
import { isDomainError } from '../errors.js';
import { queueFull, traceFailed, traceTimedOut, type Tracer } from './tracer.js';

export const TRACE_QUEUE = 'tracery-trace';

/** Where a queue worker leaves the traced document beside the output. */
export const vectorKeyOfOutput = (outputKey: string) => `${outputKey}.vector.json`;

/** What travels through Redis: dimensions and file keys only; pixels go through the file store. */
export interface QueuedTrace {
  conversionId: string;
  /** The API request it serves: the worker logs under the same id. */
  requestId?: string;
  format: TraceTask['format'];
  tier: TraceTask['tier'];
  options?: TraceTask['options'];
  full: { width: number; height: number; key: string };
  sample: { width: number; height: number; key: string };
  outputKey: string;
}

/** A trace that failed in the worker comes back as its error code (never parsed from text). */
export type QueuedTraceResult =
  | {
      ok: true;
      outputKey: string;
      engine: TraceOutcome['engine'];
      scores: TraceOutcome['scores'];
      recommended: TraceOutcome['recommended'];
    }
  | { ok: false; code: 'CONVERSION_TIMEOUT' | 'CONVERSION_FAILED'; message: string };

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
 * still answers with the finished conversion. Queue depth is bounded (QUEUE_FULL when full).
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

  async depth(): Promise<number> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized');
    return (counts.waiting ?? 0) + (counts.prioritized ?? 0);
  }

  async run(task: TraceTask): Promise<TraceOutcome> {
    if ((await this.queue.getWaitingCount()) >= this.options.maxQueue) {
      throw queueFull();
    }
    const id = randomUUID();
    const data: QueuedTrace = {
      conversionId: task.conversionId,
      requestId: task.requestId,
      format: task.format,
      tier: task.tier,
      options: task.options,
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
        // BullMQ takes jobs without a priority first: single conversions before batch items.
        ...(task.background ? { priority: 10 } : {}),
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      });
      const result = await this.finished(job);
      if (!result.ok) {
        throw result.code === 'CONVERSION_TIMEOUT' ? traceTimedOut() : traceFailed(result.message);
      }
      const output = await this.files.get(result.outputKey);
      const vector = await this.files.get(vectorKeyOfOutput(result.outputKey));
      if (!output || !vector) throw traceFailed('The trace worker stored no output');
      return {
        output,
        vector,
        engine: result.engine,
        scores: result.scores,
        recommended: result.recommended,
      };
    } finally {
      await Promise.all(
        [data.full.key, data.sample.key, data.outputKey, vectorKeyOfOutput(data.outputKey)].map(
          (k) => this.files.delete(k),
        ),
      );
    }
  }

  /** The job's result, or CONVERSION_TIMEOUT when no worker finished it within the time limit. */
  private async finished(job: Job): Promise<QueuedTraceResult> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(traceTimedOut()), this.options.timeoutMs);
    });
    try {
      // The ttl only bounds the wait's listeners; our own timer decides first.
      const done = job.waitUntilFinished(this.events, this.options.timeoutMs + 5_000);
      return (await Promise.race([done, timeout])) as QueuedTraceResult;
    } catch (error) {
      if (isDomainError(error)) throw error;
      throw traceFailed((error as Error).message || 'The trace failed');
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
  }
}

const bytesOf = (a: Uint8ClampedArray) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
