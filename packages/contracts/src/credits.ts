import type { QualityTier } from './plans.js';

/**
 * Credit pricing. Credits are stored as integers of hundredths (1 credit = 100 units).
 * A standard conversion costs 1 credit, economy 0.6; images above 4 megapixels cost more. The
 * size is the decoded pixel count read from the file's header (what tracing really costs), never
 * the file's bytes: a 35 KB PNG of 6000×6000 pixels is priced as 36 megapixels.
 */
export const CREDIT_UNITS = 100;
export const TIER_MULTIPLIER: Record<QualityTier, number> = { standard: 1, economy: 0.6 };
export const COMPLEXITY_DEFAULT = 0.5;
/** Pixels at the base rate; each further started step adds 0.2 to the size factor. */
export const BASE_RATE_PIXELS = 4_000_000;
export const MAX_SIZE_FACTOR = 3;

export interface CostBreakdown {
  base: number;
  size_factor: number;
  quality_adjustment: number;
  total: number;
}

/** Size factor from decoded pixels: 1 up to 4 MP, then +0.2 per further 4 MP started, at most 3. */
export function sizeFactor(pixels: number): number {
  if (pixels <= BASE_RATE_PIXELS) return 1;
  const steps = Math.ceil((pixels - BASE_RATE_PIXELS) / BASE_RATE_PIXELS);
  return Math.min(MAX_SIZE_FACTOR, Math.round((1 + steps * 0.2) * 10) / 10);
}

/** The cost in hundredths of a credit of an image of `pixels` decoded pixels. */
export function conversionCostUnits(pixels: number, tier: QualityTier): number {
  return Math.round(CREDIT_UNITS * sizeFactor(pixels) * TIER_MULTIPLIER[tier]);
}

export function costBreakdown(pixels: number, tier: QualityTier): CostBreakdown {
  const base = 1;
  const size = sizeFactor(pixels);
  const totalUnits = conversionCostUnits(pixels, tier);
  const total = totalUnits / CREDIT_UNITS;
  return {
    base,
    size_factor: size,
    quality_adjustment: Math.round((total - base * size) * 100) / 100,
    total,
  };
}

export function unitsToCredits(units: number): number {
  return Math.round(units) / CREDIT_UNITS;
}

/** Low-credit warning range of the product description (1 to 5 credits remaining). */
export function isLowCredit(credits: number): boolean {
  return credits >= 1 && credits <= 5;
}

/** "1 credit", "0.6 credits", "25 credits". */
export function formatCredits(credits: number): string {
  const rounded = Math.round(credits * 100) / 100;
  return `${rounded} ${rounded === 1 ? 'credit' : 'credits'}`;
}
