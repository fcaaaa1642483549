/**
 * The payment strings of the description (§5, §8). Mirrors PAYMENT_MESSAGES of
 * @tracery/contracts, copied because that module's zod schemas would otherwise join the bundle.
 */
export const PAYMENT_MESSAGES = {
  signInToSubscribeOrGuest: 'Please sign in to subscribe or use guest checkout',
  signInToSubscribe: 'Please sign in to subscribe',
  checkoutFailed: 'Failed to start checkout',
  paypalOrderFailed: 'Failed to create PayPal order',
  captureFailed: 'Payment capture failed',
  activationFailed: 'Failed to activate subscription',
  invalidSession: 'Invalid payment session',
  hostedButtonMissing: 'PayPal hosted button not configured for this plan',
  paymentCompleted: 'Payment completed successfully!',
  subscriptionActivated: 'Subscription activated successfully!',
  paymentCancelled: 'Payment cancelled',
  paypalButtonFailed: 'PayPal payment failed. Please try again.',
} as const;
