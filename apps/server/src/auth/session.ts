import type { AuthResponse } from '@tracery/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { tokenSettings } from './guard.js';
import {
  issueRefreshTokenIn,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './refresh-tokens.js';
import { clearSessionCookie, sessionCookieOf, setSessionCookie } from './session-cookie.js';
import { createSession, revokeSession, signAccessToken } from './tokens.js';
import { findUserById, toApiUser, type UserRow } from './users.js';

/**
 * Browser sessions. Signing in starts one: the answer carries a short-lived access token (kept
 * in memory by the web app) and sets the session cookie with the first refresh token. The app
 * trades the cookie for a new access token on every page load (POST /api/auth/refresh).
 */
export async function startSession(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRow,
): Promise<AuthResponse> {
  const { session, refreshToken } = await ctx.db.transaction().execute(async (trx) => {
    const session = await createSession(trx, user.id, ctx.config.sessionTtlSeconds);
    return { session, refreshToken: await issueRefreshTokenIn(trx, session.id) };
  });
  setSessionCookie(reply, ctx.config, refreshToken, session.expiresAt);
  return answer(ctx, user, session.id);
}

/**
 * Trades the session cookie for a new access token and the next refresh token. No cookie: null
 * (nobody is signed in). An unknown, expired or already used token: 401 and the cookie cleared;
 * an already used one also ends its session (someone else holds the family).
 */
export async function refreshSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AuthResponse | null> {
  const token = sessionCookieOf(request);
  if (!token) return null;
  const rotation = await rotateRefreshToken(ctx.db, token);
  const user = rotation.kind === 'rotated' ? await findUserById(ctx.db, rotation.userId) : null;
  if (rotation.kind !== 'rotated' || !user) {
    if (rotation.kind === 'reused')
      request.log.warn(
        { userId: rotation.userId, sessionId: rotation.sessionId },
        'A used refresh token was presented again: the session is ended',
      );
    clearSessionCookie(reply, ctx.config);
    throw new DomainError('UNAUTHENTICATED', 'Your session has ended; please sign in again');
  }
  setSessionCookie(reply, ctx.config, rotation.token, rotation.expiresAt);
  return answer(ctx, user, rotation.sessionId);
}

/** Logout: ends the session of the cookie and that of the access token, and clears the cookie. */
export async function endSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  bearerSessionId: string | undefined,
): Promise<void> {
  const token = sessionCookieOf(request);
  const cookieSessionId = token ? await sessionOfRefreshToken(ctx.db, token) : undefined;
  for (const id of new Set([bearerSessionId, cookieSessionId]))
    if (id) await revokeSession(ctx.db, id);
  clearSessionCookie(reply, ctx.config);
}

async function answer(ctx: AppContext, user: UserRow, sessionId: string): Promise<AuthResponse> {
  return {
    access_token: await signAccessToken(tokenSettings(ctx), user.id, sessionId),
    token_type: 'bearer',
    user: toApiUser(user),
  };
}
