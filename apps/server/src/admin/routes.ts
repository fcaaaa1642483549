import { randomUUID } from 'node:crypto';
import { CREDIT_UNITS, PLAN_IDS, User } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { setPlan } from '../account/set-plan.js';
import { requireAdmin as requireAdminOf } from '../auth/guard.js';
import { findUserById, toApiUser } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { applyCredit } from '../credits/ledger.js';
import { DomainError } from '../errors.js';
import { errorResponses } from '../http/openapi.js';
import { searchUsers, serviceStats } from './service.js';

const Stats = z.object({
  users_by_plan: z.record(z.string(), z.number()),
  conversions_by_status: z.record(
    z.string(),
    z.object({ total: z.number(), last_day: z.number(), last_week: z.number() }),
  ),
  credits_spent_last_week: z.number(),
});
const UserParams = z.object({ id: z.uuid('Unknown user id') });

/** The admin panel's calls; every one requires the admin role. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const requireAdmin = (request: FastifyRequest) => requireAdminOf(ctx, request);
  const security = [{ bearer: [] }];

  return async (app) => {
    app.get(
      '/stats',
      {
        schema: {
          tags: ['admin'],
          summary: 'Service figures',
          security,
          response: { 200: Stats, ...errorResponses(401, 403) },
        },
      },
      async (request) => {
        await requireAdmin(request);
        return serviceStats(ctx.db);
      },
    );

    app.get(
      '/users',
      {
        schema: {
          tags: ['admin'],
          summary: 'Find accounts by email or name',
          security,
          querystring: z.object({
            q: z.string().max(200).default(''),
            limit: z.coerce.number().int().min(1).max(100).default(25),
          }),
          response: { 200: z.object({ users: z.array(User) }), ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => {
        await requireAdmin(request);
        const rows = await searchUsers(ctx.db, request.query.q, request.query.limit);
        return { users: rows.map(toApiUser) };
      },
    );

    app.post(
      '/users/:id/plan',
      {
        schema: {
          tags: ['admin'],
          summary: "Move an account to a plan (grants that plan's credits for this month once)",
          security,
          params: UserParams,
          body: z.object({ plan_id: z.enum(PLAN_IDS) }),
          response: { 200: User, ...errorResponses(401, 403, 404, 422) },
        },
      },
      async (request) => {
        await requireAdmin(request);
        const user = await findUserById(ctx.db, request.params.id);
        if (!user) throw new DomainError('NOT_FOUND', 'User not found');
        return toApiUser(await setPlan(ctx.db, user.email, request.body.plan_id));
      },
    );

    app.post(
      '/users/:id/credits',
      {
        schema: {
          tags: ['admin'],
          summary: 'Grant (or take back) credits, with a reason in the ledger',
          security,
          params: UserParams,
          body: z.object({
            credits: z
              .number()
              .refine(
                (n) => n !== 0 && Math.abs(n) <= 100000,
                'credits must be non-zero, at most 100000',
              ),
            reason: z.string().trim().min(3).max(200),
            idempotency_key: z.string().min(8).max(100).optional(),
          }),
          response: { 200: User, ...errorResponses(401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const { user: admin } = await requireAdmin(request);
        const target = await findUserById(ctx.db, request.params.id);
        if (!target) throw new DomainError('NOT_FOUND', 'User not found');
        const units = Math.round(request.body.credits * CREDIT_UNITS);
        const key = `admin:${admin.id}:${request.body.idempotency_key ?? randomUUID()}`;
        const result = await applyCredit(
          ctx.db,
          target.id,
          units,
          key,
          `Admin: ${request.body.reason}`,
        );
        if (result === 'insufficient')
          throw new DomainError('CONFLICT', 'That would make the balance negative');
        return toApiUser((await findUserById(ctx.db, target.id))!);
      },
    );
  };
}
