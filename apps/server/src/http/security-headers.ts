import type { FastifyInstance } from 'fastify';

/**
 * The content security policy of the app and API: our own scripts, plus the origins Google
 * Identity Services and PayPal's JavaScript SDK document for their CSP. Stripe Checkout is a
 * redirect, so it needs none. Inline styles stay allowed: both SDKs inject them. With an ad
 * network configured, AdSense's script, frame, image and reporting hosts join in.
 */
function contentSecurityPolicy(ads: boolean): string {
  const adHosts = ads
    ? ' https://*.googlesyndication.com https://*.doubleclick.net https://*.googleadservices.com https://adservice.google.com https://www.google.com https://*.gstatic.com https://*.adtrafficquality.google'
    : '';
  return [
    "default-src 'self'",
    `script-src 'self' https://accounts.google.com/gsi/client https://www.paypal.com https://*.paypal.com${adHosts}`,
    "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
    `img-src 'self' data: blob: https://*.googleusercontent.com https://*.paypal.com https://*.paypalobjects.com${adHosts}`,
    `connect-src 'self' https://accounts.google.com/gsi/ https://*.paypal.com${adHosts}`,
    `frame-src https://accounts.google.com/gsi/ https://*.paypal.com${adHosts}`,
    "worker-src 'self' blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://*.paypal.com https://checkout.stripe.com",
    "frame-ancestors 'none'",
  ].join('; ');
}

const PERMISSIONS =
  'camera=(self), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()';

/**
 * Security headers on every answer (app, API, errors). A route that sets its own CSP (downloads,
 * the local test checkout pages) keeps it. HSTS only when served over https (PUBLIC_URL on https,
 * or a TLS connection): browsers ignore it on http anyway, and it must not pin a dev host.
 */
export function installSecurityHeaders(
  app: FastifyInstance,
  publicUrl: string,
  { ads }: { ads: boolean },
): void {
  const https = publicUrl.startsWith('https:');
  const CSP = contentSecurityPolicy(ads);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', PERMISSIONS);
    reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (https || request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    return payload;
  });
}
