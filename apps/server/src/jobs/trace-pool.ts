import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { isErrorCode } from '@tracery/contracts';
import { DomainError } from '../errors.js';
import { queueWait, traceDuration, tracePixels, watchPool } from '../metrics/registry.js';
import type { DecodedImage } from '../images/decode.js';
import {
  transferable,
  type DecodeTask,
  type TraceOutcome,
  type TraceTask,
  type WarmUp,
  type WriteTask,
} from './trace-task.js';
import { traceFailed, traceTimedOut, type Tracer, queueFull } from './tracer.js';
import { givingWay, newGiveWayFlag, setGiveWay } from './give-way.js';

/**
 * A fixed pool of worker threads that run traces, and decode uploads, off the API's event loop. Each job has a time
 * limit; a worker that overruns it is terminated (and replaced), so a stuck trace cannot hold a
 * slot. Memory per worker is capped by V8's resource limits. The queue is bounded: when it is
 * full, `run` rejects with QUEUE_FULL. Failures are DomainErrors: QUEUE_FULL, CONVERSION_TIMEOUT
 * or CONVERSION_FAILED, with the underlying cause as their detail (the service words the answer).
 */

type Work =
  | { kind: 'trace'; task: TraceTask }
  | { kind: 'decode'; task: DecodeTask }
  | { kind: 'write'; task: WriteTask };
const isBackground = (work: Work) => work.kind === 'trace' && Boolean(work.task.background);

interface Job {
  id: number;
  work: Work;
  /** performance.now() when queued, then when a thread took it. */
  queuedAt: number;
  startedAt?: number;
  resolve: (outcome: never) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its modules: a job's time limit must not pay for a fresh start-up. */
  ready: boolean;
  /** What the worker's engine warm-up traced (layers per preset). */
  warmUp?: WarmUp;
  job?: Job;
  timer?: NodeJS.Timeout;
}

export interface TracePoolOptions {
  size: number;
  timeoutMs: number;
  maxQueue?: number;
  maxMemoryMb?: number;
  /**
   * Workers that batch items never take (default 1 when there are two or more), so a single
   * conversion starts at once instead of waiting behind a batch.
   */
  reserved?: number;
  /** Cores the threads share (default: this machine's); see give-way.ts. */
  cores?: number;
  /** Workers warm the engine up before they take jobs (default true; false when they only decode). */
  warmUp?: boolean;
}

// Workers load compiled JavaScript: when this module runs from source (the test runner), use the build.
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/jobs/trace-worker.js', import.meta.url)
  : new URL('./trace-worker.js', import.meta.url);

export class TracePool implements Tracer {
  readonly kind = 'worker-threads';
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;
  private closed = false;
  private readonly unwatch: () => void;
  private readonly giveWay = newGiveWayFlag();

  constructor(private readonly options: TracePoolOptions) {
    for (let i = 0; i < options.size; i++) this.slots.push(this.spawn());
    this.unwatch = watchPool(this);
  }

  busy(): number {
    return this.slots.filter((s) => s.job).length;
  }

  async depth(): Promise<number> {
    return this.queue.filter((j) => j.work.kind === 'trace').length;
  }

  get size(): number {
    return this.slots.length;
  }

  async online(): Promise<number> {
    return this.slots.length;
  }

  get pending(): number {
    return this.queue.length + this.slots.filter((s) => s.job).length;
  }

  /** The engine warm-up each ready worker ran before it took jobs (trace-worker.ts). */
  warmUps(): WarmUp[] {
    return this.slots.flatMap((s) => (s.warmUp ? [s.warmUp] : []));
  }

  /** Resolves once every worker has loaded its modules (jobs wait for that on their own). */
  whenReady(): Promise<void> {
    if (this.slots.every((s) => s.ready)) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  run(task: TraceTask): Promise<TraceOutcome> {
    return this.enqueue({ kind: 'trace', task });
  }

  /** Decodes an upload in a worker (sharp and the BMP decoder never block the event loop). */
  decode(bytes: Uint8Array, limits: DecodeTask['limits']): Promise<DecodedImage> {
    return this.enqueue({ kind: 'decode', task: { bytes, limits } });
  }

  /** Writes a stored vector in another format (the writers never block the event loop either). */
  write(vector: Uint8Array, format: WriteTask['format']): Promise<Uint8Array> {
    return this.enqueue({ kind: 'write', task: { vector, format } });
  }

  private enqueue<T>(work: Work): Promise<T> {
    if (this.closed) return Promise.reject(traceFailed('The trace pool is shut down'));
    if (this.queue.length >= (this.options.maxQueue ?? 200)) {
      return Promise.reject(queueFull());
    }
    return new Promise<T>((resolve, reject) => {
      const job: Job = {
        id: this.nextId++,
        work,
        resolve: resolve as (o: never) => void,
        reject,
        queuedAt: performance.now(),
      };
      // Single conversions (and decodes) go ahead of waiting batch items; each kind keeps its order.
      const firstBackground = isBackground(work)
        ? -1
        : this.queue.findIndex((j) => isBackground(j.work));
      if (firstBackground < 0) this.queue.push(job);
      else this.queue.splice(firstBackground, 0, job);
      this.dispatch();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.unwatch();
    for (const job of this.queue.splice(0)) job.reject(traceFailed('The trace pool is shut down'));
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private spawn(): Slot {
    const worker = new Worker(WORKER_URL, {
      workerData: { giveWay: this.giveWay, warmUp: this.options.warmUp ?? true },
      resourceLimits: { maxOldGenerationSizeMb: this.options.maxMemoryMb ?? 2048 },
    });
    const slot: Slot = { worker, ready: false };
    worker.on(
      'message',
      (msg: {
        id: number;
        ok: boolean;
        ready?: true;
        warmUp?: WarmUp;
        outcome?: never;
        code?: string;
        message?: string;
      }) => {
        if (msg.ready) {
          slot.ready = true;
          slot.warmUp = msg.warmUp;
          if (this.slots.every((s) => s.ready)) for (const wake of this.waiting.splice(0)) wake();
          this.dispatch();
          return;
        }
        const job = slot.job;
        if (!job || job.id !== msg.id) return;
        this.release(slot);
        if (msg.ok && job.work.kind === 'trace') observeTrace(job.work.task, job.startedAt);
        if (msg.ok && msg.outcome) job.resolve(msg.outcome);
        else if (msg.code && isErrorCode(msg.code))
          job.reject(new DomainError(msg.code, msg.message ?? 'The image cannot be read'));
        else job.reject(traceFailed(msg.message ?? 'The trace failed'));
      },
    );
    worker.on('error', (error) => this.replace(slot, traceFailed(error.message)));
    worker.on('exit', () => {
      if (!this.closed && this.slots.includes(slot))
        this.replace(slot, traceFailed('The trace worker stopped'));
    });
    return slot;
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.timer = undefined;
    this.dispatch();
  }

  /** Fails the slot's job (if any) and puts a fresh worker in its place. */
  private replace(slot: Slot, error: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    const job = slot.job;
    clearTimeout(slot.timer);
    this.slots.splice(index, 1);
    void slot.worker.terminate();
    job?.reject(error);
    if (!this.closed) {
      this.slots.push(this.spawn());
      this.dispatch();
    }
  }

  /** True while batch traces wait for a single conversion (give-way.ts). */
  get batchGivingWay(): boolean {
    return givingWay(this.giveWay);
  }

  private dispatch(): void {
    this.dispatchQueued();
    const running = this.slots.filter((s) => s.job?.work.kind === 'trace');
    const foreground = running.filter((s) => !isBackground(s.job!.work)).length;
    const cores = this.options.cores ?? availableParallelism();
    setGiveWay(this.giveWay, foreground > 0 && running.length > cores);
  }

  private dispatchQueued(): void {
    const reserved = this.options.reserved ?? (this.slots.length > 1 ? 1 : 0);
    let background = this.slots.filter((s) => s.job && isBackground(s.job.work)).length;
    for (const slot of this.slots) {
      if (slot.job || !slot.ready) continue;
      // Waiting foreground work is always ahead of background work in the queue.
      const next = this.queue[0];
      if (!next) return;
      if (isBackground(next.work)) {
        if (background >= this.slots.length - reserved) return;
        background++;
      }
      const job = this.queue.shift()!;
      slot.job = job;
      job.startedAt = performance.now();
      if (job.work.kind === 'trace')
        queueWait.observe({ queue: this.kind }, (job.startedAt - job.queuedAt) / 1000);
      slot.timer = setTimeout(() => this.replace(slot, traceTimedOut()), this.options.timeoutMs);
      const { work } = job;
      // Pixels are handed over, not copied (the sender does not use them again).
      const transfer =
        work.kind === 'trace'
          ? transferable(work.task.full.data, work.task.sample.data)
          : transferable(work.kind === 'decode' ? work.task.bytes : work.task.vector);
      slot.worker.postMessage({ id: job.id, kind: work.kind, task: work.task }, transfer);
    }
  }
}

function observeTrace(task: TraceTask, startedAt = performance.now()): void {
  traceDuration.observe(
    { format: task.format, tier: task.tier },
    (performance.now() - startedAt) / 1000,
  );
  tracePixels.observe({ tier: task.tier }, task.full.width * task.full.height);
}
