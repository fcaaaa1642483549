import type { HistoryRecord } from '@tracery/contracts';

export interface UsageStats {
  conversions: number;
  completed: number;
  creditsUsed: number;
  byFormat: Record<string, number>;
  byEngine: Record<string, number>;
  /** Last `days` days, oldest first, as [YYYY-MM-DD, count]. */
  perDay: [string, number][];
}

const dayKey = (d: Date) => d.toISOString().slice(0, 10);

export function usageStats(records: HistoryRecord[], days = 14, now = new Date()): UsageStats {
  const byFormat: Record<string, number> = {};
  const byEngine: Record<string, number> = {};
  const counts = new Map<string, number>();
  let creditsUsed = 0;
  let completed = 0;
  for (const r of records) {
    byFormat[r.output_format] = (byFormat[r.output_format] ?? 0) + 1;
    byEngine[r.engine_used] = (byEngine[r.engine_used] ?? 0) + 1;
    if (r.status === 'completed') {
      completed++;
      creditsUsed += r.credits_cost;
    }
    const key = r.created_at.slice(0, 10);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const perDay: [string, number][] = [];
  for (let i = days - 1; i >= 0; i--) {
    const d = new Date(now.getTime() - i * 86_400_000);
    perDay.push([dayKey(d), counts.get(dayKey(d)) ?? 0]);
  }
  return {
    conversions: records.length,
    completed,
    creditsUsed: Math.round(creditsUsed * 100) / 100,
    byFormat,
    byEngine,
    perDay,
  };
}
