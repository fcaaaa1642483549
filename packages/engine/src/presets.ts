/**
 * The two engine configurations the product sells: `precision` (standard tier) and `fast`
 * (economy tier: fewer colours, coarser fitting, cheaper denoising and labelling; about 40% less
 * CPU than precision on the DEV images, see trace.ts).
 */
import type { TraceOptions } from './types.js';

export const enginePresets: { precision: Partial<TraceOptions>; fast: Partial<TraceOptions> } = {
  precision: { detail: 0.5 },
  fast: { detail: 0.2 },
};
