import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { applyMonthlyGrant } from '../credits/monthly-grant.js';
import { unauthorized } from '../http/errors.js';
import { verifyToken, type Principal } from './tokens.js';
import { findUserById, type UserRow } from './users.js';

export interface Authenticated {
  principal: Principal;
  user: UserRow;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The signed-in user of a request, or a 401 JSON error. */
export async function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
): Promise<Authenticated> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Not authenticated');
  const principal = await verifyToken(ctx.db, tokenSettings(ctx), token);
  if (!principal) throw unauthorized('Invalid or expired token');
  let user = await findUserById(ctx.db, principal.userId);
  if (user && (await applyMonthlyGrant(ctx.db, user)))
    user = await findUserById(ctx.db, principal.userId);
  if (!user) throw unauthorized('Invalid or expired token');
  return { principal, user };
}

export const tokenSettings = (ctx: AppContext) => ({
  secret: ctx.config.jwtSecret,
  ttlSeconds: ctx.config.accessTokenTtlSeconds,
});
