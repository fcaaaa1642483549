import { useEffect, useState } from 'react';
import { costBreakdown, type CostEstimate, type QualityTier } from '@tracery/contracts';
import { fetchCostEstimate } from './api';

export interface CostView {
  credits: number;
  breakdown: CostEstimate['cost_details']['cost_breakdown'];
  suggestions: string[];
  /** false while only the local estimate (same formula as the server) is known */
  confirmed: boolean;
}

/** Local estimate at once, replaced by the server's answer; asked again when the file or tier changes. */
export function useCostEstimate(fileSize: number | null, tier: QualityTier): CostView | null {
  const [server, setServer] = useState<{ key: string; estimate: CostEstimate } | null>(null);
  const key = `${fileSize}:${tier}`;

  useEffect(() => {
    if (fileSize === null) return;
    const ctrl = new AbortController();
    fetchCostEstimate(fileSize, tier, ctrl.signal)
      .then((estimate) => setServer({ key: `${fileSize}:${tier}`, estimate }))
      .catch((error: unknown) => {
        if (!ctrl.signal.aborted) console.warn('Cost estimate failed', error);
      });
    return () => ctrl.abort();
  }, [fileSize, tier]);

  if (fileSize === null) return null;
  if (server && server.key === key) {
    const e = server.estimate;
    return {
      credits: e.credit_cost,
      breakdown: e.cost_details.cost_breakdown,
      suggestions: e.optimization_suggestions.suggestions.map((s) => s.message),
      confirmed: true,
    };
  }
  const local = costBreakdown(fileSize, tier);
  return { credits: local.total, breakdown: local, suggestions: [], confirmed: false };
}
