import { z } from 'zod';
import { OUTPUT_FORMATS, PLAN_IDS, QUALITY_TIERS } from './plans.js';

/** Bodies and answers of the API (product description §3 and §7). */
export const User = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** The owner proved the address (a link we emailed, or Google). */
  email_verified: z.boolean(),
  subscription_tier: z.string(),
  plan_id: z.enum(PLAN_IDS),
  credits_remaining: z.number(),
  role: z.string(),
  is_admin: z.boolean(),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

export const AuthResponse = z.object({
  access_token: z.string(),
  token_type: z.string(),
  user: User,
});
export type AuthResponse = z.infer<typeof AuthResponse>;

/** An answer that is only a sentence for the person (a link sent, say). */
export const Detail = z.object({ detail: z.string() });

/** GET /api/auth/config: what the sign-in page offers. */
export const AuthConfig = z.object({ google_client_id: z.string().nullable() });

/**
 * The header the web app sends with the calls that the session cookie authenticates
 * (POST /auth/refresh, /auth/logout). Another site cannot set it without a CORS preflight, which
 * the server never grants: the custom-header CSRF defence.
 */
export const SESSION_REQUEST_HEADER = { name: 'X-Requested-With', value: 'tracery' } as const;

export const RegisterBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100),
  email: z.email('Enter a valid email address').max(254),
  password: z.string().min(8, 'Password must be at least 8 characters').max(256),
});
export type RegisterBody = z.infer<typeof RegisterBody>;

export const LoginBody = z.object({
  email: z.string().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(256),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const GoogleLoginBody = z.object({ token: z.string().min(1).max(8192) });
/** Links the Google account of `token` to the existing account of its email (its password). */
export const GoogleLinkBody = GoogleLoginBody.extend({
  password: z.string().min(1, 'Password is required').max(256),
});

export const OutputFormatSchema = z.enum(OUTPUT_FORMATS);
export const QualityTierSchema = z.enum(QUALITY_TIERS);

export const QualityComparison = z.object({
  quality_scores: z.record(z.string(), z.number()),
  recommended_engine: z.string(),
});

export const ConversionResult = z.object({
  id: z.string(),
  original_filename: z.string(),
  output_format: OutputFormatSchema,
  result_url: z.string(),
  engine_used: z.string(),
  credits_cost: z.number(),
  credits_remaining: z.number(),
  quality_comparison: QualityComparison,
  width: z.number(),
  height: z.number(),
  expires_at: z.string(),
});
export type ConversionResult = z.infer<typeof ConversionResult>;

export const HistoryRecord = z.object({
  id: z.string(),
  original_filename: z.string(),
  created_at: z.string(),
  output_format: OutputFormatSchema,
  engine_used: z.string(),
  credits_cost: z.number(),
  status: z.string(),
  result_url: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type HistoryRecord = z.infer<typeof HistoryRecord>;

export const HistoryResponse = z.object({
  conversions: z.array(HistoryRecord),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export type HistoryResponse = z.infer<typeof HistoryResponse>;

export const CostEstimate = z.object({
  credit_cost: z.number(),
  cost_details: z.object({
    cost_breakdown: z.object({
      base: z.number(),
      size_factor: z.number(),
      quality_adjustment: z.number(),
      total: z.number(),
    }),
  }),
  optimization_suggestions: z.object({
    suggestions: z.array(z.object({ message: z.string() })),
  }),
});
export type CostEstimate = z.infer<typeof CostEstimate>;

export const Health = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ status: z.string(), dialect: z.string() }),
  queue: z.object({ status: z.string(), kind: z.string() }),
  engines: z.array(z.object({ name: z.string(), status: z.string(), tier: z.string() })),
  // Structural screening of every upload (magic bytes, header dimensions, frame caps) before decoding.
  upload_screening: z.object({ status: z.string(), checks: z.array(z.string()) }),
});
export type Health = z.infer<typeof Health>;

/** Liveness for orchestrators: the process answers. */
export const Liveness = z.object({ status: z.literal('ok') });

/**
 * Readiness for load balancers: `ready` when the database, the queue and the file store answer;
 * `draining` from the moment the process is told to stop (in-flight work still finishes).
 */
const Check = z.enum(['ok', 'down']);
export const Readiness = z.object({
  status: z.enum(['ready', 'not_ready', 'draining']),
  checks: z.object({ database: Check, queue: Check, storage: Check }),
});
export type Readiness = z.infer<typeof Readiness>;
