import { OUTBOX_STATUSES, OutboxPage } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { pageLimit } from '../http/page-limit.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { listOutbox } from './repository.js';

/** The admin panel's view of the outbox (never a message body: bodies carry links). */
export function mailAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'admin', async (app, route) => {
    app.get(
      '/',
      route.admin('The email outbox: recipient, subject, status, attempts, last error', {
        querystring: z.object({
          status: z.enum(OUTBOX_STATUSES).optional(),
          limit: pageLimit(200, 50),
          offset: z.coerce.number().int().min(0).default(0),
        }),
        response: {
          200: OutboxPage,
          ...errorResponses(422),
        },
      }),
      async (request) => {
        const page = await listOutbox(ctx.db, request.query);
        return {
          delivery: ctx.mail.transport.description,
          items: page.items.map((i) => ({ ...i, status: i.status as 'pending' })),
          total: page.total,
        };
      },
    );
  });
}
