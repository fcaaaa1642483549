import { AdminStats, AdminUserList, PLAN_IDS, User } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import { toApiUser } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { pageLimit } from '../http/page-limit.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { changePlan, grantCredits, searchUsers, serviceStats } from './service.js';

const UserParams = z.object({ id: z.uuid('Unknown user id') });

/** The admin panel's calls; every one requires the admin role. */
export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'admin', async (app, route) => {
    app.get(
      '/stats',
      route.admin('Service figures', {
        response: { 200: AdminStats },
      }),
      async () => serviceStats(ctx.db),
    );

    app.get(
      '/users',
      route.admin('Find accounts by email or name', {
        querystring: z.object({
          q: z.string().max(200).default(''),
          limit: pageLimit(100, 25),
        }),
        response: { 200: AdminUserList, ...errorResponses(422) },
      }),
      async (request) => {
        const rows = await searchUsers(ctx.db, request.query.q, request.query.limit);
        return { users: rows.map(toApiUser) };
      },
    );

    app.post(
      '/users/:id/plan',
      route.admin("Move an account to a plan (grants that plan's credits for this month once)", {
        params: UserParams,
        body: z.object({ plan_id: z.enum(PLAN_IDS) }),
        response: { 200: User, ...errorResponses(404, 422) },
      }),
      async (request) =>
        toApiUser(await changePlan(ctx.db, request.params.id, request.body.plan_id)),
    );

    app.post(
      '/users/:id/credits',
      route.admin('Grant (or take back) credits, with a reason in the ledger', {
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
        response: { 200: User, ...errorResponses(404, 409, 422) },
      }),
      async (request) =>
        toApiUser(await grantCredits(ctx.db, userOf(request).id, request.params.id, request.body)),
    );
  });
}
