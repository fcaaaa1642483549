import { z } from 'zod';

/** GET /api/analytics/usage: the account's own conversions over a range of UTC days. */
export const USAGE_MAX_DAYS = 366;

const Day = z.iso.date('use a date like 2026-11-25');

export const UsageQuery = z.object({
  /** First day (UTC), inclusive; default: 29 days before `to`. */
  from: Day.optional(),
  /** Last day (UTC), inclusive; default: today. */
  to: Day.optional(),
});
export type UsageQuery = z.infer<typeof UsageQuery>;

const Counts = z.object({
  conversions: z.number(),
  completed: z.number(),
  failed: z.number(),
  /** Credits spent (failed conversions are refunded, so they count 0). */
  credits: z.number(),
});
export type UsageCounts = z.infer<typeof Counts>;

export const UsageResponse = z.object({
  from: z.string(),
  to: z.string(),
  totals: Counts,
  /** Every day of the range, oldest first, zeros included. */
  by_day: z.array(Counts.extend({ date: z.string() })),
  /** Conversions per output format and per quality tier (engine: standard = precision, economy = fast). */
  by_format: z.record(z.string(), z.number()),
  by_tier: z.record(z.string(), z.number()),
});
export type UsageResponse = z.infer<typeof UsageResponse>;
