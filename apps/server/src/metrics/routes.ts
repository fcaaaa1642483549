import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { metricsAuthorized } from './access.js';
import { appMetrics } from './app-gauges.js';
import { httpRequestDuration } from './registry.js';

/**
 * Request metrics for every route, and `GET /metrics` on the API's own port when METRICS_TOKEN is
 * set (the Bearer token a scraper sends). Without a token the API's port has no /metrics: serve
 * it on METRICS_PORT, an internal address, instead (main.ts).
 */
export function installMetrics(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onResponse', async (request, reply) => {
    httpRequestDuration.observe(
      {
        method: request.method,
        // The route's pattern, never the raw URL (ids would make a series per request).
        route: request.routeOptions.url ?? 'unmatched',
        status: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });
  const token = ctx.config.metrics.token;
  if (token) {
    const metrics = appMetrics(ctx);
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metricsAuthorized(request.headers.authorization, token))
        throw new DomainError('UNAUTHENTICATED', 'A metrics token is required');
      return reply.type(metrics.contentType).send(await metrics.metrics());
    });
  }
}
