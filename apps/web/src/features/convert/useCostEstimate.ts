import { useQuery } from '@tanstack/react-query';
import { costBreakdown, type CostEstimate, type QualityTier } from '@tracery/contracts';
import { queryKeys } from '../../lib/queryKeys';
import { fetchCostEstimate } from './api';
import type { ImageSize } from './useImagePixels';

export interface CostView {
  credits: number;
  breakdown: CostEstimate['cost_details']['cost_breakdown'];
  suggestions: string[];
  /** false while only the local estimate (same formula as the server) is known */
  confirmed: boolean;
}

/**
 * Local estimate at once, replaced by the server's answer; asked again when the file or tier
 * changes. The price follows the image's pixels, so it waits for the image's size.
 */
export function useCostEstimate(
  fileSize: number | null,
  size: ImageSize | null,
  tier: QualityTier,
): CostView | null {
  const pixels = size ? size.width * size.height : 0;
  const { data } = useQuery({
    queryKey: queryKeys.costEstimate(fileSize ?? 0, pixels, tier),
    queryFn: ({ signal }) => fetchCostEstimate(fileSize ?? 0, size, tier, signal),
    enabled: fileSize !== null && size !== null,
  });
  if (fileSize === null) return null;
  if (data) {
    return {
      credits: data.credit_cost,
      breakdown: data.cost_details.cost_breakdown,
      suggestions: data.optimization_suggestions.suggestions.map((s) => s.message),
      confirmed: true,
    };
  }
  const local = costBreakdown(pixels, tier);
  return { credits: local.total, breakdown: local, suggestions: [], confirmed: false };
}
