import { AuthResponse } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { userOf } from './guard.js';
import { startSession } from './session.js';
import { changePassword } from './service.js';

/** Changing the password ends every session of the account; the caller gets a new session. */
export function passwordRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'auth', async (app, route) => {
    app.post(
      '/password',
      route.user('Change your password (signs out every other session)', {
        body: z.object({
          current_password: z.string().max(256),
          new_password: z.string().min(8, 'Password must be at least 8 characters').max(256),
        }),
        response: { 200: AuthResponse, ...errorResponses(403, 422, 429) },
      }),
      async (request, reply) => {
        const user = await changePassword(ctx, userOf(request), request.body);
        return startSession(ctx, reply, user);
      },
    );
  });
}
