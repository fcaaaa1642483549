import type { PlanId } from '@tracery/contracts';
import { api } from '../../lib/api';

export const GUEST_CHECKOUT_KEY = 'guest_checkout';
export const PAYMENT_REDIRECT_MS = 2000;
export const PAYPAL_PLANS = ['basic', 'professional', 'business'] as const;

export interface CheckoutResponse {
  checkout_url: string;
}
export interface PayPalOrder {
  order_id: string;
  approve_url?: string;
  links?: { rel: string; href: string }[];
  [key: string]: unknown;
}

const origin = () => window.location.origin;

export function createCheckout(planId: PlanId) {
  return api<CheckoutResponse>('/payment/create-checkout', {
    auth: true,
    body: {
      plan_id: planId,
      success_url: `${origin()}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin()}/pricing?payment=cancelled`,
    },
  });
}

export function createGuestCheckout(planId: PlanId) {
  return api<CheckoutResponse>('/payment/create-guest-checkout', {
    body: {
      plan_id: planId,
      success_url: `${origin()}/payment/collect-email?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${origin()}/pricing?payment=cancelled`,
    },
  });
}

export function handleSuccess(sessionId: string) {
  return api<{ success: boolean }>('/payment/handle-success', {
    auth: true,
    body: { session_id: sessionId },
  });
}

export function createPayPalOrder(planId: PlanId) {
  return api<PayPalOrder>('/payment/paypal/create-order', {
    auth: true,
    body: {
      plan_id: planId,
      return_url: `${origin()}/payment/success?provider=paypal`,
      cancel_url: `${origin()}/pricing?payment=cancelled`,
    },
  });
}

export function capturePayPal(orderId: string) {
  return api<{ success: boolean }>('/payment/paypal/capture', {
    auth: true,
    body: { order_id: orderId },
  });
}

/** The approval page of a PayPal order, when the server returned one. */
export function approvalUrl(order: PayPalOrder): string | undefined {
  return (
    order.approve_url ??
    order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href
  );
}

/** PayPal is offered for basic, professional and business (and their annual variants). */
export function paypalAllowed(planId: PlanId): boolean {
  return (PAYPAL_PLANS as readonly string[]).includes(planId.replace(/_annual$/, ''));
}

/** Guest buyers: attach the email of the new account to the paid checkout session; a set-password link is emailed. */
export function collectGuestEmail(sessionId: string, name: string, email: string) {
  return api<{ sent: boolean }>('/payment/guest/collect-email', {
    body: { session_id: sessionId, name, email },
  });
}

/** Guest buyers: single-use link from the email; choosing the password creates the account and signs in. */
export function verifyGuestEmail(token: string, password: string) {
  return api<import('@tracery/contracts').AuthResponse>('/payment/guest/verify', {
    body: { token, password },
  });
}
