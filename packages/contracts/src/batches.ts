import { z } from 'zod';
import { ErrorCodeSchema } from './errors.js';
import { OutputFormatSchema, QualityTierSchema } from './api.js';

/** Server-side batches (POST /api/batch) and asynchronous developer jobs (POST /api/v1/jobs). */
export const BATCH_ITEM_STATUSES = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
] as const;
export type BatchItemStatus = (typeof BATCH_ITEM_STATUSES)[number];

export const BATCH_STATUSES = ['running', 'completed', 'cancelled'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

export const BatchItem = z.object({
  id: z.string(),
  original_filename: z.string(),
  status: z.enum(BATCH_ITEM_STATUSES),
  error: z.string().optional(),
  error_code: ErrorCodeSchema.optional(),
  credits_cost: z.number(),
  result_url: z.string().optional(),
  /** Present on a failed item that can run again (POST it: charged again, refunded if it fails). */
  retry_url: z.string().optional(),
});
export type BatchItem = z.infer<typeof BatchItem>;

export const BatchTotals = z.object({
  total: z.number().int(),
  queued: z.number().int(),
  processing: z.number().int(),
  completed: z.number().int(),
  failed: z.number().int(),
  cancelled: z.number().int(),
});
export type BatchTotals = z.infer<typeof BatchTotals>;

/** The answer of POST /api/batch (pinned shape). */
export const BatchCreated = z.object({
  batch_id: z.string(),
  items: z.array(BatchItem),
  credits_reserved: z.number(),
});
export type BatchCreated = z.infer<typeof BatchCreated>;

export const BatchView = z.object({
  batch_id: z.string(),
  status: z.enum(BATCH_STATUSES),
  output_format: OutputFormatSchema,
  quality_tier: QualityTierSchema,
  created_at: z.string(),
  completed_at: z.string().nullable(),
  credits_reserved: z.number(),
  /** What the batch costs now: the reservation less what was refunded. */
  credits_charged: z.number(),
  totals: BatchTotals,
  items: z.array(BatchItem),
  zip_url: z.string(),
  /** The sequence number of the last event this view includes: follow the events from here. */
  last_event_id: z.number().int(),
});
export type BatchView = z.infer<typeof BatchView>;

export const BatchSummary = BatchView.omit({ items: true });
export type BatchSummary = z.infer<typeof BatchSummary>;

export const BatchList = z.object({ batches: z.array(BatchSummary) });
export type BatchList = z.infer<typeof BatchList>;

/**
 * One Server-Sent Event of GET /api/batch/{id}/events: `id` is the batch's event sequence
 * number (resume with Last-Event-ID), `event` is `item` or `batch`, `data` is this JSON.
 */
export const BatchEvent = z.object({
  seq: z.number().int(),
  type: z.enum(['item', 'batch']),
  status: z.enum(BATCH_STATUSES),
  totals: BatchTotals,
  item: BatchItem.optional(),
});
export type BatchEvent = z.infer<typeof BatchEvent>;

export const batchTerminal = (status: BatchStatus) => status !== 'running';
export const itemTerminal = (status: BatchItemStatus) =>
  status === 'completed' || status === 'failed' || status === 'cancelled';
