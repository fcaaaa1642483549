/** User-facing strings of the product description §8 that both web and server use. */
export const MESSAGES = {
  signInToConvert: 'Please sign in to convert images',
  conversionFailed: 'Conversion failed',
  sampleLoaded: 'Sample image loaded for testing',
  noConversions: 'No conversions yet',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  googleLoginFailed: 'Google login failed',
  loginSuccess: 'Login successful!',
  registrationSuccess: 'Registration successful!',
  googleLoginSuccess: 'Google login successful!',
  loggedOut: 'Logged out successfully',
  historyFailed: 'Failed to fetch conversion history',
  cameraDenied: 'Camera access denied or unavailable',
  cameraNotFound: 'No camera found on this device',
  cameraPhotoAdded: 'Photo added to your files',
} as const;

export const ACCEPTED_UPLOAD_TYPES = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/bmp': ['.bmp'],
} as const;

/** Exact messages of the description for payments (§5, §8). */
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
