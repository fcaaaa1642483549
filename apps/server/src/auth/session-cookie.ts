import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The long-lived credential of a browser: the refresh token in an HttpOnly cookie that only the
 * /api/auth calls receive. SameSite=Lax keeps it off cross-site subrequests and form posts.
 */
export const SESSION_COOKIE = 'tracery_session';
const PATH = '/api/auth';

export function setSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
  token: string,
  expiresAt: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'lax',
    path: PATH,
    maxAge: Math.max(0, Math.floor((Date.parse(expiresAt) - Date.now()) / 1000)),
  });
}

export function clearSessionCookie(
  reply: FastifyReply,
  config: Pick<Config, 'secureCookies'>,
): void {
  reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    secure: config.secureCookies,
    sameSite: 'lax',
    path: PATH,
  });
}

export function sessionCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value ? value : undefined;
}
