/**
 * The two engine configurations the product sells: `precision` (standard tier) and `fast`
 * (economy tier: fewer colours, coarser fitting, larger speckles; roughly 40% less work).
 */
import type { TraceOptions } from './types.js';

export const enginePresets: { precision: Partial<TraceOptions>; fast: Partial<TraceOptions> } = {
  precision: { detail: 0.5 },
  fast: { detail: 0.2 },
};
