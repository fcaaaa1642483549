import { SESSION_REQUEST_HEADER } from '@tracery/contracts';
import type { FastifyRequest } from 'fastify';
import { DomainError } from '../errors.js';

/**
 * CSRF defence for the calls the session cookie authenticates (OWASP CSRF cheat sheet):
 * - the custom header SESSION_REQUEST_HEADER, which a cross-origin page cannot send without a
 *   CORS preflight that this server never answers;
 * - Fetch Metadata: a browser that sends Sec-Fetch-Site must call it same-origin;
 * - else the standard Origin header, when present, must be PUBLIC_URL's origin.
 * A client without a browser (no Sec-Fetch-Site, no Origin) needs only the header.
 */
export function assertSameOriginRequest(request: FastifyRequest, publicUrl: string): void {
  const refuse = (detail: string) => new DomainError('FORBIDDEN', detail);
  if (request.headers[SESSION_REQUEST_HEADER.name.toLowerCase()] !== SESSION_REQUEST_HEADER.value)
    throw refuse(`Send the ${SESSION_REQUEST_HEADER.name} header with this request`);
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) {
    if (site !== 'same-origin') throw refuse('Cross-site request refused');
    return;
  }
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== new URL(publicUrl).origin)
    throw refuse('Cross-site request refused');
}
