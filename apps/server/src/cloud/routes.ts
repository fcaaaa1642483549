import {
  CloudAuthorization,
  CloudConnections,
  CloudDisconnected,
  CloudFolderName,
  CloudProviderSchema,
  CloudSave,
  CloudSaveList,
  CloudSaveRequest,
} from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { pageLimit } from '../http/page-limit.js';
import { featureRoutes } from '../http/feature-routes.js';
import { errorResponses } from '../http/openapi.js';
import { RateLimiter, uploadsLimiter } from '../http/rate-limit.js';
import {
  CallbackRefused,
  disconnect,
  finishConnect,
  listConnections,
  setFolder,
  startConnect,
} from './connections.js';
import { listSaves } from './repository.js';
import { createSave, ownSave, viewOf } from './saves.js';

const STATE_COOKIE = 'tracery_cloud_state';
const ProviderParams = z.object({ provider: CloudProviderSchema });
const PAGE = '/cloud-storage';

export function cloudRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  // Saves and connection attempts per account, as many as uploads (each save is a background job).
  const saves = uploadsLimiter(ctx, 'cloud-saves');
  const connects = new RateLimiter(ctx.counters, 'cloud-connects', 20, 60_000);
  // Binds an authorization flow to the browser that started it (SameSite=Lax: the provider's
  // redirect back is a top-level navigation, so the cookie comes along).
  const cookieOptions = {
    httpOnly: true,
    secure: ctx.config.secureCookies,
    sameSite: 'lax' as const,
    path: '/api/cloud',
  };
  return featureRoutes(ctx, 'cloud', async (app, route) => {
    app.get(
      '/connections',
      route.user('Each cloud storage provider: configured, connected (account, folder) or not', {
        response: { 200: CloudConnections },
      }),
      (request) => listConnections(ctx, userOf(request)),
    );

    app.post(
      '/connections/:provider/authorize',
      route.user('Start connecting a provider: open authorization_url in the browser', {
        description:
          'OAuth 2.0 authorization code flow with PKCE (S256). The answer sets a short-lived cookie that binds the flow to this browser; the provider returns to /api/cloud/{provider}/callback.',
        params: ProviderParams,
        response: { 200: CloudAuthorization, ...errorResponses(403, 429, 503) },
      }),
      async (request, reply) => {
        await connects.admit(userOf(request).id);
        const { state, url } = await startConnect(ctx, userOf(request), request.params.provider);
        reply.setCookie(STATE_COOKIE, state, { ...cookieOptions, maxAge: 600 });
        return { authorization_url: url };
      },
    );

    app.get(
      '/:provider/callback',
      route.open('Where the provider sends the browser back (redirects to /cloud-storage)', {
        params: ProviderParams,
        querystring: z.object({
          code: z.string().max(4096).optional(),
          state: z.string().max(200).optional(),
          error: z.string().max(200).optional(),
        }),
      }),
      async (request, reply) => {
        const provider = request.params.provider;
        const back = new URLSearchParams({ provider });
        try {
          await finishConnect(ctx, provider, request.query, request.cookies[STATE_COOKIE]);
          back.set('connected', '1');
        } catch (error) {
          if (!(error instanceof CallbackRefused))
            request.log.error({ err: error }, 'cloud callback');
          back.set(
            'error',
            error instanceof CallbackRefused ? error.message : 'Connecting failed: try again',
          );
        }
        reply.clearCookie(STATE_COOKIE, cookieOptions);
        return reply.redirect(`${PAGE}?${back.toString()}`, 303);
      },
    );

    app.patch(
      '/connections/:provider',
      route.user("Choose the folder inside the app's folder that results are saved into", {
        params: ProviderParams,
        body: z.object({ folder: z.union([CloudFolderName, z.literal('')]) }),
        response: { 200: CloudConnections, ...errorResponses(404, 422) },
      }),
      async (request) => {
        const user = userOf(request);
        await setFolder(ctx, user, request.params.provider, request.body.folder.trim());
        return listConnections(ctx, user);
      },
    );

    app.delete(
      '/connections/:provider',
      route.user('Disconnect: revoke the grant with the provider and delete the tokens', {
        params: ProviderParams,
        response: { 200: CloudDisconnected, ...errorResponses(404) },
      }),
      (request) => disconnect(ctx, userOf(request), request.params.provider, request.log),
    );

    app.post(
      '/saves',
      route.user('Save a result, a batch item or a whole batch to a connected provider', {
        description:
          'Runs in the background: follow GET /api/cloud/saves/{id} until status is done (link opens the file), failed, or reconnect.',
        body: CloudSaveRequest,
        response: { 202: CloudSave, ...errorResponses(403, 404, 409, 410, 422, 429, 503) },
      }),
      async (request, reply) => {
        await saves.admit(userOf(request).id, 'saves');
        const save = await createSave(ctx, userOf(request), request.body);
        return reply.status(202).send(save);
      },
    );

    app.get(
      '/saves',
      route.user('Your latest saves, newest first (optionally of one conversion or batch)', {
        querystring: z.object({
          conversion_id: z.uuid().optional(),
          batch_id: z.uuid().optional(),
          limit: pageLimit(100, 20),
        }),
        response: { 200: CloudSaveList, ...errorResponses(422) },
      }),
      async (request) => {
        const rows = await listSaves(ctx.db, userOf(request).id, {
          conversionId: request.query.conversion_id,
          batchId: request.query.batch_id,
          limit: request.query.limit,
        });
        return { saves: rows.map(viewOf) };
      },
    );

    app.get(
      '/saves/:id',
      route.user('One save: status, progress, and the link once done', {
        params: z.object({ id: z.uuid('Unknown save id') }),
        response: { 200: CloudSave, ...errorResponses(404, 422) },
      }),
      async (request) => viewOf(await ownSave(ctx, userOf(request), request.params.id)),
    );
  });
}
