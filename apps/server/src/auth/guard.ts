import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { applyMonthlyGrant } from '../credits/monthly-grant.js';
import { HttpError, unauthorized } from '../http/errors.js';
import { isApiKey, resolveApiKey } from '../developer/api-keys.js';
import { PLANS, isPlanId } from '@tracery/contracts';
import { verifyToken, type Principal } from './tokens.js';
import { findUserById, type UserRow } from './users.js';

export interface Authenticated {
  /** A browser session, or (where allowed) an API key. */
  principal: Principal | { userId: string; apiKeyId: string };
  user: UserRow;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a request (a session token), or a 401 JSON error. */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Authenticated & { principal: Principal }> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Not authenticated');
  const principal = await verifyToken(ctx.db, tokenSettings(ctx), token);
  if (!principal) throw unauthorized('Invalid or expired token');
  return { principal, user: await loadUser(ctx, principal.userId) };
}

/** A signed-in administrator, else 401/403. */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest) {
  const auth = await requireUser(ctx, request);
  if (auth.user.role !== 'admin') throw new HttpError(403, 'Administrators only');
  return auth;
}

/**
 * A session token or a developer API key (`Authorization: Bearer trc_…` or `X-API-Key`).
 * Keys work only while the account's plan includes API access.
 */
export async function requireUserOrApiKey(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Authenticated> {
  const header = request.headers['x-api-key'];
  const key = typeof header === 'string' ? header : bearerToken(request);
  if (!key || !isApiKey(key)) return requireUser(ctx, request);
  const found = await resolveApiKey(ctx.db, key);
  if (!found) throw unauthorized('Invalid or revoked API key');
  const user = await loadUser(ctx, found.userId);
  const plan = PLANS[isPlanId(user.plan_id) ? user.plan_id : 'free'];
  if (!plan.api)
    throw new HttpError(403, 'API access is part of the Business plan', 'plan_required');
  return { principal: { userId: user.id, apiKeyId: found.keyId }, user };
}

async function loadUser(ctx: AppContext, userId: string): Promise<UserRow> {
  let user = await findUserById(ctx.db, userId);
  if (user && (await applyMonthlyGrant(ctx.db, user))) user = await findUserById(ctx.db, userId);
  if (!user) throw unauthorized('Invalid or expired token');
  return user;
}

export const tokenSettings = (ctx: AppContext) => ({
  secret: ctx.config.jwtSecret,
  ttlSeconds: ctx.config.accessTokenTtlSeconds,
});
