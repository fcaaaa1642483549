// Answers are checked against the contracts' schemas; only the payment pages load this module.
import {
  AuthResponse,
  CheckoutResponse,
  GuestAttachedResponse,
  GuestClaimPreview,
  GuestCollectEmailResponse,
  PaymentConfig,
  PaymentResult,
  PayPalOrderResponse,
  SubscriptionResponse,
  type PlanId,
} from '@tracery/contracts';
import { api } from '../../lib/api';

export const GUEST_CHECKOUT_KEY = 'guest_checkout';
export const PAYMENT_REDIRECT_MS = 2000;

// Return addresses are paths: the server puts them on its configured PUBLIC_URL.
const cancelUrl = () => '/pricing?payment=cancelled';

/** A Stripe (or local) checkout's plan, and the page the buyer comes back to once paid. */
const checkoutBody = (planId: PlanId, successUrl: string) => ({
  plan_id: planId,
  success_url: successUrl,
  cancel_url: cancelUrl(),
});

/** A call that puts a paid plan in force on the signed-in account. */
const applyPayment = (path: string, body: object) =>
  api(path, { schema: PaymentResult, auth: true, body });

export function fetchPaymentConfig() {
  return api('/payment/config', { schema: PaymentConfig });
}

export function createCheckout(planId: PlanId) {
  return api('/payment/create-checkout', {
    schema: CheckoutResponse,
    auth: true,
    body: checkoutBody(planId, '/payment/success?session_id={CHECKOUT_SESSION_ID}'),
  });
}

export function createGuestCheckout(planId: PlanId) {
  return api('/payment/create-guest-checkout', {
    schema: CheckoutResponse,
    body: checkoutBody(planId, '/payment/collect-email?session_id={CHECKOUT_SESSION_ID}'),
  });
}

export function handleSuccess(sessionId: string) {
  return applyPayment('/payment/handle-success', { session_id: sessionId });
}

/**
 * A PayPal subscription (or, with the local test provider, an order). PayPal sends the buyer back
 * with `subscription_id` (an order's id comes as `token`); the return page confirms it.
 */
export function createPayPalOrder(planId: PlanId) {
  return api('/payment/paypal/create-order', {
    schema: PayPalOrderResponse,
    auth: true,
    body: {
      plan_id: planId,
      return_url: '/payment/success?provider=paypal',
      cancel_url: cancelUrl(),
    },
  });
}

/** Our own orders and those of PayPal's hosted buttons alike: the server knows the plan. */
export function capturePayPal(orderId: string) {
  return applyPayment('/payment/paypal/capture', { order_id: orderId });
}

/** The approval page of a PayPal order. */
export function approvalUrl(order: PayPalOrderResponse): string | undefined {
  return (
    order.approve_url ||
    order.links?.find((l) => l.rel === 'approve' || l.rel === 'payer-action')?.href
  );
}

export function fetchSubscription() {
  return api('/payment/subscription', { auth: true, schema: SubscriptionResponse });
}

export function cancelSubscription() {
  return api('/payment/cancel', {
    method: 'POST',
    auth: true,
    schema: SubscriptionResponse,
  });
}

/** Guest buyers: a set-password link is emailed to the address they paid with. */
export function collectGuestEmail(sessionId: string, name: string, email: string) {
  return api('/payment/guest/collect-email', {
    schema: GuestCollectEmailResponse,
    body: { session_id: sessionId, name, email },
  });
}

/** Guest buyers: name, email and password at once; a new account is created and signed in. */
export function completeGuest(sessionId: string, name: string, email: string, password: string) {
  return api('/payment/guest/complete', {
    schema: {
      parse: (data: unknown) =>
        data && typeof data === 'object' && 'attached' in data
          ? GuestAttachedResponse.parse(data)
          : AuthResponse.parse(data),
    },
    body: { session_id: sessionId, name, email, password },
  });
}

/** The single-use link from the email: choosing the password creates the account. */
export function verifyGuestEmail(token: string, password: string) {
  return api('/payment/guest/verify', { body: { token, password }, schema: AuthResponse });
}

/** What claiming a purchase made with the owner's email would change (the confirmation screen). */
export function previewGuestClaim(token: string) {
  return api('/payment/guest/claim/preview', {
    auth: true,
    body: { token },
    schema: GuestClaimPreview,
  });
}

/** An existing account owner claims a purchase made with their email (`confirm` replaces a plan). */
export function claimGuestPurchase(token: string, confirm: boolean) {
  return applyPayment('/payment/guest/claim', { token, confirm });
}
