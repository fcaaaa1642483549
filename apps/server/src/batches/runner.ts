import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { isErrorCode, type OutputFormat, type QualityTier } from '@tracery/contracts';
import { longestConversionMs } from '../config.js';
import type { AppContext } from '../context.js';
import { uploadLimits } from '../conversions/plan-limits.js';
import { storeResult } from '../conversions/results.js';
import { isDomainError } from '../errors.js';
import { nowIso } from '../time.js';
import {
  claimItem,
  completeItem,
  expiredLeases,
  failItem,
  findBatch,
  queuedItems,
  releaseItem,
  requeueAbandoned,
  type BatchItemRow,
} from './repository.js';
import { notifyBatch, notifyWork, waitFor, WORK_SIGNAL } from '../jobs/signals.js';

export interface BatchRunnerHooks {
  /** Called once when a batch settles (webhooks hang here). */
  onBatchFinished?: (batchId: string) => Promise<void>;
}

const IDLE_POLL_MS = 1000;
const LEASE_CHECK_MS = 10_000;
const STOP_GRACE_MS = 5_000;

/**
 * Runs batch items through the tracer, in the background of every API process. Fairness: at
 * most `capacity` items are in flight in this process, and the next one is taken from the
 * account with the fewest items in flight (then the one served longest ago), so one account's
 * 100-file batch and another's 3-file batch advance side by side; the tracer runs single
 * conversions ahead of batch items (TraceTask.background). Every claim is a conditional update
 * under a lease, so several processes can share the queue; an item whose process died is
 * given back when its lease runs out (at start-up at once on SQLite, which has one process).
 */
export class BatchRunner {
  private readonly leaseId = randomUUID();
  private readonly inFlight = new Map<string, Promise<void>>();
  private readonly claimed = new Map<string, BatchItemRow>();
  private readonly perUser = new Map<string, number>();
  private readonly lastServed = new Map<string, number>();
  private stopping = false;
  private loop?: Promise<void>;
  private readonly abort = new AbortController();
  private tick = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly capacity: number,
    private readonly hooks: BatchRunnerHooks = {},
  ) {}

  private get leaseMs(): number {
    return longestConversionMs(this.ctx.config);
  }

  start(): void {
    if (this.loop) return;
    this.loop = this.run().catch((error: unknown) =>
      this.log.error({ err: error }, 'batch runner stopped'),
    );
  }

  /** Stops taking items; waits a little for those in flight, then gives the rest back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    await this.loop;
    const settled = Promise.allSettled([...this.inFlight.values()]);
    await Promise.race([settled, new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())]);
    // Still running: hand them to the next process now rather than when the lease runs out.
    for (const item of this.claimed.values()) {
      await releaseItem(this.ctx.db, item, this.leaseId).catch(() => false);
      notifyBatch(item.batch_id);
    }
  }

  private async run(): Promise<void> {
    await this.recoverLeases(this.ctx.dialect === 'sqlite');
    while (!this.stopping) {
      if (++this.tick % Math.ceil(LEASE_CHECK_MS / IDLE_POLL_MS) === 0)
        await this.recoverLeases(false);
      const started = this.inFlight.size < this.capacity ? await this.startNext() : false;
      if (!started) await waitFor(WORK_SIGNAL, IDLE_POLL_MS, this.abort.signal);
    }
  }

  /** Claims and starts one item, the fairest one; false when there is nothing to start. */
  private async startNext(): Promise<boolean> {
    const candidates = await queuedItems(this.ctx.db, 200);
    const heads = new Map<string, (typeof candidates)[number]>();
    for (const c of candidates) if (!heads.has(c.user_id)) heads.set(c.user_id, c);
    const order = [...heads.values()].sort(
      (a, b) =>
        (this.perUser.get(a.user_id) ?? 0) - (this.perUser.get(b.user_id) ?? 0) ||
        (this.lastServed.get(a.user_id) ?? 0) - (this.lastServed.get(b.user_id) ?? 0),
    );
    for (const next of order) {
      const item = await claimItem(
        this.ctx.db,
        next,
        this.leaseId,
        nowIso(Date.now() + this.leaseMs),
      );
      if (!item) continue;
      notifyBatch(item.batch_id);
      this.perUser.set(item.user_id, (this.perUser.get(item.user_id) ?? 0) + 1);
      this.lastServed.set(item.user_id, Date.now());
      this.claimed.set(item.id, item);
      const work = this.process(item).finally(() => {
        this.inFlight.delete(item.id);
        this.claimed.delete(item.id);
        this.perUser.set(item.user_id, (this.perUser.get(item.user_id) ?? 1) - 1);
        if (!this.stopping) notifyWork();
      });
      this.inFlight.set(item.id, work);
      return true;
    }
    return false;
  }

  private async process(item: BatchItemRow): Promise<void> {
    try {
      const batch = await findBatch(this.ctx.db, item.batch_id);
      if (!batch) return;
      const inputKey = item.input_key;
      const bytes = inputKey ? await this.ctx.files.get(inputKey) : null;
      if (!inputKey || !bytes) {
        await this.settled(
          failItem(
            this.ctx.db,
            item,
            this.leaseId,
            'CONVERSION_FAILED',
            'The uploaded file is no longer stored',
          ),
          item,
        );
        return;
      }
      // Off the event loop, like single conversions.
      const decoded = await this.ctx.imageWorkers.decode(bytes, uploadLimits(this.ctx));
      const format = batch.output_format as OutputFormat;
      const outcome = await this.ctx.tracer.run({
        conversionId: item.id,
        full: decoded.full,
        sample: decoded.sample,
        format,
        tier: batch.quality_tier as QualityTier,
        options: batch.trace_options ? JSON.parse(batch.trace_options) : undefined,
        background: true,
      });
      const key = `${item.user_id}/batches/${item.batch_id}/${item.id}.${format}`;
      await storeResult(this.ctx.files, key, outcome);
      // The upload goes inside the completing transaction: once the batch reads finished, no
      // input of a completed item is left in storage. A store that fails to delete it must not
      // undo the finished conversion (as with a cancel).
      const result = await completeItem(
        this.ctx.db,
        item,
        this.leaseId,
        { storage_key: key, output_bytes: outcome.output.byteLength },
        () =>
          this.ctx.files
            .delete(inputKey)
            .catch((err: unknown) => this.log.warn({ err, item: item.id }, 'upload not deleted')),
      );
      await this.settled(Promise.resolve(result), item);
    } catch (error) {
      await this.failed(item, error);
    }
  }

  private async failed(item: BatchItemRow, error: unknown): Promise<void> {
    try {
      if (this.stopping || isDomainError(error, 'QUEUE_FULL')) {
        // Not the item's fault: it runs again later (or after the restart), charged once.
        await releaseItem(this.ctx.db, item, this.leaseId);
        notifyBatch(item.batch_id);
        if (!this.stopping) await new Promise((r) => setTimeout(r, 1000));
        return;
      }
      const code =
        isDomainError(error) && isErrorCode(error.code) ? error.code : 'CONVERSION_FAILED';
      const detail = isDomainError(error)
        ? error.detail
        : 'The conversion failed; its credits were refunded';
      if (!isDomainError(error)) this.log.error({ err: error, item: item.id }, 'batch item failed');
      // The upload stays for a retry (the retention sweep deletes it).
      const result = await failItem(this.ctx.db, item, this.leaseId, code, detail);
      await this.settled(Promise.resolve(result), item);
    } catch (inner) {
      if (!this.stopping) this.log.error({ err: inner, item: item.id }, 'batch item not settled');
    }
  }

  private async settled(
    result: Promise<{ done: boolean; batchFinished: boolean }>,
    item: BatchItemRow,
  ): Promise<void> {
    const { batchFinished } = await result;
    notifyBatch(item.batch_id);
    if (batchFinished) await this.hooks.onBatchFinished?.(item.batch_id);
  }

  /** Items whose process died go back to the queue (all processing ones when `everything`). */
  private async recoverLeases(everything: boolean): Promise<void> {
    const abandoned = await expiredLeases(this.ctx.db, nowIso(), everything);
    for (const item of abandoned) {
      if (this.inFlight.has(item.id)) continue;
      if (await requeueAbandoned(this.ctx.db, item)) notifyBatch(item.batch_id);
    }
  }
}

/** Runs the batch runner while the app is up: from ready (resuming unfinished batches) to close. */
export function installBatchRunner(
  app: FastifyInstance,
  ctx: AppContext,
  hooks: BatchRunnerHooks = {},
) {
  // One more item than workers keeps a worker busy while the next is decoded and claimed.
  const runner = new BatchRunner(ctx, app.log, ctx.config.traceWorkers + 1, hooks);
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.stop());
  return runner;
}
