/** The plan catalogue (DESIGN.md §4): the one place prices, credits and limits are defined. */
export const PLAN_IDS = [
  'free',
  'basic',
  'professional',
  'business',
  'basic_annual',
  'professional_annual',
  'business_annual',
] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const OUTPUT_FORMATS = ['svg', 'pdf', 'eps', 'dxf'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const QUALITY_TIERS = ['standard', 'economy'] as const;
export type QualityTier = (typeof QUALITY_TIERS)[number];

export type BasePlanId = 'free' | 'basic' | 'professional' | 'business';

export interface Plan {
  id: PlanId;
  base: BasePlanId;
  name: string;
  billing: 'free' | 'monthly' | 'annual';
  /** Price in US cents for one billing period. */
  priceCents: number;
  monthlyCredits: number;
  maxFileBytes: number;
  /** Largest image by decoded pixels (from the header); what tracing and memory really cost. */
  maxPixels: number;
  /** Conversions of one account running at once (more get 429 with Retry-After). */
  maxInFlight: number;
  formats: readonly OutputFormat[];
  retentionHours: number;
  batchLimit: number;
  seats: number;
  api: boolean;
  /** Results can be saved to Google Drive, Dropbox and OneDrive (every paid plan). */
  cloudSave: boolean;
  ads: boolean;
}

const MB = 1024 * 1024;
const ALL_FORMATS = OUTPUT_FORMATS;

const BASE_PLANS: Record<BasePlanId, Omit<Plan, 'id' | 'billing'>> = {
  free: {
    base: 'free',
    name: 'Free',
    priceCents: 0,
    monthlyCredits: 25,
    maxFileBytes: 10 * MB,
    maxPixels: 16_000_000,
    maxInFlight: 2,
    formats: ['svg', 'pdf'],
    retentionHours: 24,
    batchLimit: 5,
    seats: 1,
    api: false,
    cloudSave: false,
    ads: true,
  },
  basic: {
    base: 'basic',
    name: 'Basic',
    priceCents: 700,
    monthlyCredits: 75,
    maxFileBytes: 15 * MB,
    maxPixels: 25_000_000,
    maxInFlight: 3,
    formats: ALL_FORMATS,
    retentionHours: 72,
    batchLimit: 20,
    seats: 1,
    api: false,
    cloudSave: true,
    ads: false,
  },
  professional: {
    base: 'professional',
    name: 'Pro',
    priceCents: 1500,
    monthlyCredits: 200,
    maxFileBytes: 25 * MB,
    maxPixels: 40_000_000,
    maxInFlight: 4,
    formats: ALL_FORMATS,
    retentionHours: 7 * 24,
    batchLimit: 50,
    seats: 1,
    api: false,
    cloudSave: true,
    ads: false,
  },
  business: {
    base: 'business',
    name: 'Business',
    priceCents: 4500,
    monthlyCredits: 750,
    maxFileBytes: 50 * MB,
    maxPixels: 40_000_000,
    maxInFlight: 6,
    formats: ALL_FORMATS,
    retentionHours: 30 * 24,
    batchLimit: 100,
    seats: 3,
    api: true,
    cloudSave: true,
    ads: false,
  },
};

function monthly(base: BasePlanId): Plan {
  return { ...BASE_PLANS[base], id: base, billing: base === 'free' ? 'free' : 'monthly' };
}

/** Annual variants cost ten months' price and grant the same monthly credits. */
function annual(base: Exclude<BasePlanId, 'free'>): Plan {
  const plan = BASE_PLANS[base];
  return {
    ...plan,
    id: `${base}_annual` as PlanId,
    billing: 'annual',
    priceCents: plan.priceCents * 10,
  };
}

export const PLANS: Record<PlanId, Plan> = {
  free: monthly('free'),
  basic: monthly('basic'),
  professional: monthly('professional'),
  business: monthly('business'),
  basic_annual: annual('basic'),
  professional_annual: annual('professional'),
  business_annual: annual('business'),
};

export const PAID_BASE_PLANS = ['basic', 'professional', 'business'] as const;

export function isPlanId(value: string): value is PlanId {
  return (PLAN_IDS as readonly string[]).includes(value);
}

/** The plan of an id as stored or received; anything unknown (or missing) is the free plan. */
export function planOf(id: string | null | undefined): Plan {
  return id && isPlanId(id) ? PLANS[id] : PLANS.free;
}

/** The cheapest plan (by monthly price) whose outputs include `format`. */
export function cheapestPlanWithFormat(format: OutputFormat): Plan {
  const candidates = (['free', 'basic', 'professional', 'business'] as const)
    .map((id) => PLANS[id])
    .filter((p) => p.formats.includes(format));
  return candidates[0];
}

/** The cheapest plan that saves results to cloud storage (its badge on the feature). */
export function cheapestPlanWithCloudSave(): Plan {
  return (['free', 'basic', 'professional', 'business'] as const)
    .map((id) => PLANS[id])
    .filter((p) => p.cloudSave)[0];
}

/** Marketing routes /pricing/pro etc. use display names; map them to plan ids. */
export function planFromRouteSlug(slug: string): PlanId | undefined {
  const s = slug.toLowerCase();
  if (s === 'pro') return 'professional';
  return isPlanId(s) ? s : undefined;
}

/** PayPal is offered for these plans and their annual variants (§5). */
export const PAYPAL_PLANS = ['basic', 'professional', 'business'] as const;

export function paypalAllowedFor(planId: PlanId): boolean {
  return (PAYPAL_PLANS as readonly string[]).includes(planId.replace(/_annual$/, ''));
}
