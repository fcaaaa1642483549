import type { QualityTier } from './plans.js';

/**
 * Credit pricing. Credits are stored as integers of hundredths (1 credit = 100 units).
 * A standard conversion costs 1 credit, economy 0.6; images above 4 megapixels cost more.
 */
export const CREDIT_UNITS = 100;
export const TIER_MULTIPLIER: Record<QualityTier, number> = { standard: 1, economy: 0.6 };
export const COMPLEXITY_DEFAULT = 0.5;

export interface CostBreakdown {
  base: number;
  size_factor: number;
  quality_adjustment: number;
  total: number;
}

/** Size factor from the file size in bytes: 1 up to 5 MB, then +0.2 per further 5 MB, at most 2. */
export function sizeFactor(fileBytes: number): number {
  const mb = fileBytes / (1024 * 1024);
  if (mb <= 5) return 1;
  return Math.min(2, 1 + Math.ceil((mb - 5) / 5) * 0.2);
}

/** The cost in hundredths of a credit. */
export function conversionCostUnits(fileBytes: number, tier: QualityTier): number {
  return Math.round(CREDIT_UNITS * sizeFactor(fileBytes) * TIER_MULTIPLIER[tier]);
}

export function costBreakdown(fileBytes: number, tier: QualityTier): CostBreakdown {
  const base = 1;
  const size = sizeFactor(fileBytes);
  const totalUnits = conversionCostUnits(fileBytes, tier);
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
