import { z } from 'zod';
import { PLAN_IDS } from './plans.js';

/** Payment calls (product description §7) and the additions of the billing module. */
const Url = z.string().min(1).max(2048);

export const PlanIdSchema = z.enum(PLAN_IDS);

export const CreateCheckoutBody = z.object({
  plan_id: PlanIdSchema,
  success_url: Url,
  cancel_url: Url,
});
export type CreateCheckoutBody = z.infer<typeof CreateCheckoutBody>;

export const CheckoutResponse = z.object({ checkout_url: z.string(), session_id: z.string() });
export type CheckoutResponse = z.infer<typeof CheckoutResponse>;

export const HandleSuccessBody = z.object({ session_id: z.string().min(1).max(255) });

export const PaymentResult = z.object({ success: z.boolean(), plan_id: PlanIdSchema.optional() });
export type PaymentResult = z.infer<typeof PaymentResult>;

export const PayPalCreateOrderBody = z.object({
  plan_id: PlanIdSchema,
  return_url: Url,
  cancel_url: Url,
});

export const PayPalOrderResponse = z.object({
  order_id: z.string(),
  status: z.string(),
  approve_url: z.string(),
  links: z.array(z.object({ rel: z.string(), href: z.string(), method: z.string().optional() })),
  provider: z.string(),
});
export type PayPalOrderResponse = z.infer<typeof PayPalOrderResponse>;

/** A hosted button's order needs nothing more: its plan comes from what PayPal charged. */
export const PayPalCaptureBody = z.object({ order_id: z.string().min(1).max(255) });

export const Subscription = z.object({
  plan_id: PlanIdSchema,
  billing_period: z.enum(['monthly', 'annual']),
  status: z.enum(['active', 'expired']),
  current_period_start: z.string(),
  current_period_end: z.string(),
  cancel_at_period_end: z.boolean(),
  renews: z.boolean(),
  provider: z.string(),
});
export type Subscription = z.infer<typeof Subscription>;

export const SubscriptionResponse = z.object({
  plan_id: PlanIdSchema,
  ads: z.boolean(),
  subscription: Subscription.nullable(),
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponse>;

export const PaymentConfig = z.object({
  card_provider: z.enum(['stripe', 'local']),
  paypal_provider: z.enum(['paypal', 'local']),
  test_mode: z.boolean(),
  paypal: z.object({
    client_id: z.string().nullable(),
    environment: z.enum(['sandbox', 'live']),
    hosted_buttons: z.record(z.string(), z.string()),
  }),
});
export type PaymentConfig = z.infer<typeof PaymentConfig>;

export const GuestCollectEmailBody = z.object({
  session_id: z.string().min(1).max(255),
  name: z.string().trim().min(1, 'Name is required').max(100),
  email: z.email('Enter a valid email address').max(254),
});
export const GuestCollectEmailResponse = z.object({ sent: z.boolean(), detail: z.string() });

export const GuestVerifyBody = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(8, 'Password must be at least 8 characters').max(256),
});

export const GuestCompleteBody = GuestCollectEmailBody.extend({
  password: z.string().min(8, 'Password must be at least 8 characters').max(256),
});
export const GuestAttachedResponse = z.object({ attached: z.literal(true), detail: z.string() });

export const GuestClaimPreviewBody = z.object({ token: z.string().min(1).max(200) });
/** `confirm` must be true to replace an active paid plan (the confirmation screen's choice). */
export const GuestClaimBody = GuestClaimPreviewBody.extend({ confirm: z.boolean().default(false) });
/** What claiming a guest purchase would change on the signed-in owner's account. */
export const GuestClaimPreview = z.object({
  plan_id: PlanIdSchema,
  current_plan_id: PlanIdSchema.nullable(),
  current_period_end: z.string().nullable(),
  confirmation_required: z.boolean(),
});
export type GuestClaimPreview = z.infer<typeof GuestClaimPreview>;
