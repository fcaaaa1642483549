import { ApiKeyList, CreatedApiKey, planOf } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { DomainError } from '../errors.js';
import { errorResponses } from '../http/openapi.js';
import {
  MAX_KEYS_PER_USER,
  createApiKey,
  listApiKeys,
  revokeApiKey,
  rotateWebhookSecret,
} from './api-keys.js';

/** API key management for the developer API (Business plan). */
export function developerRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return featureRoutes(ctx, 'developer', async (app, route) => {
    app.get(
      '/keys',
      route.user('Your API keys (never the secrets)', {
        response: { 200: ApiKeyList },
      }),
      async (request) => {
        const user = userOf(request);
        return { keys: await listApiKeys(ctx.db, user.id) };
      },
    );

    app.post(
      '/keys',
      route.user('Create an API key; the key is shown only in this answer', {
        body: z.object({ name: z.string().trim().min(1).max(80) }),
        response: {
          201: CreatedApiKey,
          ...errorResponses(403, 409, 422),
        },
      }),
      async (request, reply) => {
        const user = userOf(request);
        const plan = planOf(user.plan_id);
        if (!plan.api)
          throw new DomainError('PLAN_REQUIRED', 'API access is part of the Business plan');
        if ((await listApiKeys(ctx.db, user.id)).length >= MAX_KEYS_PER_USER) {
          throw new DomainError(
            'CONFLICT',
            `You can have at most ${MAX_KEYS_PER_USER} active keys; revoke one first`,
          );
        }
        const { key, row } = await createApiKey(ctx.db, user.id, request.body.name);
        return reply.status(201).send({
          id: row.id,
          name: row.name,
          prefix: row.prefix,
          created_at: row.created_at,
          last_used_at: null,
          key,
          webhook_secret: row.webhook_secret,
        });
      },
    );

    app.post(
      '/keys/:id/webhook-secret',
      route.user("Replace a key's webhook secret; the new one is shown only in this answer", {
        params: z.object({ id: z.uuid('Unknown key id') }),
        response: {
          200: z.object({ webhook_secret: z.string() }),
          ...errorResponses(404, 422),
        },
      }),
      async (request) => {
        const secret = await rotateWebhookSecret(ctx.db, userOf(request).id, request.params.id);
        if (!secret) throw new DomainError('NOT_FOUND', 'API key not found');
        return { webhook_secret: secret };
      },
    );

    app.delete(
      '/keys/:id',
      route.user('Revoke an API key; it stops working at once', {
        params: z.object({ id: z.uuid('Unknown key id') }),
        response: { 204: z.null(), ...errorResponses(404, 422) },
      }),
      async (request, reply) => {
        const user = userOf(request);
        if (!(await revokeApiKey(ctx.db, user.id, request.params.id)))
          throw new DomainError('NOT_FOUND', 'API key not found');
        return reply.status(204).send(null);
      },
    );
  });
}
