import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { isApiKey, resolveApiKey } from '../developer/api-keys.js';
import { planOf } from '@tracery/contracts';
import { verifyToken, type Principal } from './tokens.js';
import { findUserById, type UserRow } from './users.js';

export interface Authenticated {
  /** A browser session, or (where allowed) an API key. */
  principal: Principal | { userId: string; apiKeyId: string };
  user: UserRow;
}

const unauthenticated = (detail: string) => new DomainError('UNAUTHENTICATED', detail);

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
  if (!token) throw unauthenticated('Not authenticated');
  const principal = await verifyToken(ctx.db, tokenSettings(ctx), token);
  if (!principal) throw unauthenticated('Invalid or expired token');
  return { principal, user: await loadUser(ctx, principal.userId) };
}

/** A signed-in administrator, else 401/403. */
export async function requireAdmin(ctx: AppContext, request: FastifyRequest) {
  const auth = await requireUser(ctx, request);
  if (auth.user.role !== 'admin') throw new DomainError('FORBIDDEN', 'Administrators only');
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
  if (!found) throw unauthenticated('Invalid or revoked API key');
  const user = await loadUser(ctx, found.userId);
  const plan = planOf(user.plan_id);
  if (!plan.api) throw new DomainError('PLAN_REQUIRED', 'API access is part of the Business plan');
  return { principal: { userId: user.id, apiKeyId: found.keyId }, user };
}

async function loadUser(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw unauthenticated('Invalid or expired token');
  return user;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who an authentication preHandler admitted (null on routes without one). */
    auth: Authenticated | null;
  }
}

/** The credentials a route takes, as its OpenAPI document names them (`{}`: none is fine). */
type Security = Record<string, string[]>[];

/** A route's authentication: the preHandler that admits a request, and what it admits. */
export interface Guard {
  preHandler: (request: FastifyRequest) => Promise<void>;
  security: Security;
  /** The statuses a request it turns away is answered with. */
  refuses: number[];
}

const SESSION: Security = [{ bearer: [] }];

/**
 * The routes' guards, used as `route.user(schema)` (http/feature-routes.ts). The handler then
 * reads `userOf(request)`; a request the guard refuses never reaches it.
 */
export function authHooks(ctx: AppContext) {
  const admit = (
    resolve: (request: FastifyRequest) => Promise<Authenticated>,
    security = SESSION,
    refuses = [401],
  ): Guard => ({
    preHandler: async (request) => {
      request.auth = await resolve(request);
    },
    security,
    refuses,
  });
  /** A visitor or a session: no token is fine, an invalid one is still a 401. */
  const optionalUser: Guard = {
    preHandler: async (request) => {
      request.auth = bearerToken(request) ? await requireUser(ctx, request) : null;
    },
    security: [{}, { bearer: [] }],
    refuses: [401],
  };
  return {
    user: admit((request) => requireUser(ctx, request)),
    userOrApiKey: admit(
      (request) => requireUserOrApiKey(ctx, request),
      [{ bearer: [] }, { apiKey: [] }],
    ),
    admin: admit((request) => requireAdmin(ctx, request), SESSION, [401, 403]),
    optionalUser,
    /** A session, where a missing token is answered with the given message (payments, §5). */
    userWithMessage: (message: string) =>
      admit((request) => {
        if (!bearerToken(request)) throw unauthenticated(message);
        return requireUser(ctx, request);
      }),
  };
}

/**
 * Route options of a guarded route: the guard runs before the handler, and the OpenAPI document
 * names the credentials it admits (unless the schema names narrower ones).
 */
export function guarded<S extends object>(guard: Guard, schema: S) {
  return { preHandler: guard.preHandler, schema: { security: guard.security, ...schema } };
}

/** The user the route's authentication preHandler admitted. */
export function userOf(request: FastifyRequest): UserRow {
  return admitted(request).user;
}

/** The session (or API key) the route's authentication preHandler admitted. */
export function principalOf(request: FastifyRequest): Authenticated['principal'] {
  return admitted(request).principal;
}

function admitted(request: FastifyRequest): Authenticated {
  if (!request.auth) throw new Error(`${request.url}: the route has no authentication preHandler`);
  return request.auth;
}

export const tokenSettings = (ctx: AppContext) => ({
  secret: ctx.config.jwtSecret,
  ttlSeconds: ctx.config.accessTokenTtlSeconds,
});
