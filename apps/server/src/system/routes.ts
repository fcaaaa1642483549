import { AdsConfigSchema, Health, Liveness, Readiness, type AdsConfig } from '@tracery/contracts';
import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { readiness } from './readiness.js';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const ads: AdsConfig = {
    client_id: ctx.config.ads?.clientId ?? null,
    slots: ctx.config.ads?.slots ?? {},
  };
  return featureRoutes(ctx, 'system', async (app, route) => {
    app.get(
      '/ads',
      route.open(
        'The ad network free users see once they consent (AdSense client and slot ids); null: house ads only',
        {
          response: { 200: AdsConfigSchema },
        },
      ),
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return ads;
      },
    );

    app.get(
      '/live',
      route.open('Liveness: the process answers', {
        response: { 200: Liveness },
      }),
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/ready',
      route.open(
        'Readiness: database, queue and file store answer, and the process is not draining',
        {
          response: { 200: Readiness, 503: Readiness },
        },
      ),
      async (_request, reply) => {
        const answer = await readiness(ctx);
        return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
      },
    );

    app.get(
      '/health',
      route.open('Service health: database, queue, engines', {
        response: { 200: Health, 503: Health },
      }),
      async (_request, reply) => {
        let database = 'ok';
        try {
          await sql`select 1`.execute(ctx.db);
        } catch {
          database = 'down';
        }
        const workers = (await ctx.tracer.online().catch(() => 0)) > 0 ? 'online' : 'offline';
        const healthy = database === 'ok' && workers === 'online';
        return reply.status(healthy ? 200 : 503).send({
          status: healthy ? 'ok' : 'degraded',
          version: ctx.config.version,
          database: { status: database, dialect: ctx.dialect },
          queue: { status: workers === 'online' ? 'ok' : 'down', kind: ctx.tracer.kind },
          engines: [
            { name: 'precision', status: workers, tier: 'standard' },
            { name: 'fast', status: workers, tier: 'economy' },
          ],
          upload_screening: {
            status: 'active',
            checks: [
              'magic bytes',
              'header dimensions',
              'pixel and frame caps',
              'bounded decoding',
            ],
          },
        });
      },
    );
  });
}
