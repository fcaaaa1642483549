import {
  CREDIT_UNITS,
  USAGE_MAX_DAYS,
  type UsageCounts,
  type UsageQuery,
  type UsageResponse,
} from '@tracery/contracts';
import type { Db } from '../db/connect.js';
import { DomainError } from '../errors.js';
import { usageRows } from './usage-repository.js';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const zero = (): UsageCounts => ({ conversions: 0, completed: 0, failed: 0, credits: 0 });

/** The range asked for, in UTC days: default the last 30 days, at most USAGE_MAX_DAYS. */
function range(query: UsageQuery, now: number): { from: string; to: string; days: number } {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(Date.parse(to) - 29 * DAY_MS);
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days < 1) throw new DomainError('VALIDATION_FAILED', 'from: must not be after to');
  if (days > USAGE_MAX_DAYS)
    throw new DomainError('VALIDATION_FAILED', `from: at most ${USAGE_MAX_DAYS} days at a time`);
  return { from, to, days };
}

/** The account's usage per day, format and tier; credits as the ledger counts them. */
export async function usage(
  db: Db,
  userId: string,
  query: UsageQuery,
  now = Date.now(),
): Promise<UsageResponse> {
  const { from, to, days } = range(query, now);
  const start = Date.parse(from);
  const byDay = new Map<string, UsageCounts>();
  for (let i = 0; i < days; i++) byDay.set(dayOf(start + i * DAY_MS), zero());
  const totals = zero();
  const by_format: Record<string, number> = {};
  const by_tier: Record<string, number> = {};
  const rows = await usageRows(
    db,
    userId,
    `${from}T00:00:00`,
    `${dayOf(start + days * DAY_MS)}T00:00:00`,
  );
  for (const r of rows) {
    const credits = r.status === 'failed' ? 0 : r.units / CREDIT_UNITS;
    for (const c of [byDay.get(r.day), totals]) {
      if (!c) continue;
      c.conversions += r.n;
      if (r.status === 'completed') c.completed += r.n;
      if (r.status === 'failed') c.failed += r.n;
      c.credits += credits;
    }
    by_format[r.output_format] = (by_format[r.output_format] ?? 0) + r.n;
    by_tier[r.quality_tier] = (by_tier[r.quality_tier] ?? 0) + r.n;
  }
  const round = (c: UsageCounts) => ({ ...c, credits: Math.round(c.credits * 100) / 100 });
  return {
    from,
    to,
    totals: round(totals),
    by_day: [...byDay].map(([date, c]) => ({ date, ...round(c) })),
    by_format,
    by_tier,
  };
}
