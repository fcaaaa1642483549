import { TraceDefaults } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { replaceTraceDefaults, traceDefaultsOf } from './service.js';

/** The account's default conversion options, /api/account/trace-defaults. */
export function traceDefaultsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'account', async (app, route) => {
    app.get(
      '/',
      route.user('Your default conversion options (the web app starts its Advanced panel here)', {
        response: { 200: TraceDefaults },
      }),
      async (request) => traceDefaultsOf(ctx.db, userOf(request).id),
    );

    app.put(
      '/',
      route.user(
        'Replace your default conversion options ({} clears them); a wrong value is a 422 naming its field and changes nothing',
        {
          body: TraceDefaults,
          response: { 200: TraceDefaults, ...errorResponses(422) },
        },
      ),
      async (request) => replaceTraceDefaults(ctx.db, userOf(request).id, request.body),
    );
  });
}
