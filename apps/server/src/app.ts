import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountAuthRoutes, accountRoutes } from './account/routes.js';
import { adminRoutes } from './admin/routes.js';
import { analyticsRoutes } from './analytics/routes.js';
import { passwordRoutes } from './auth/password-routes.js';
import { authRoutes } from './auth/routes.js';
import { batchRoutes } from './batches/routes.js';
import { jobRoutes } from './batches/jobs-routes.js';
import { installBatchRunner } from './batches/runner.js';
import { installWebhookSender } from './batches/webhooks.js';
import { billingRoutes } from './billing/routes.js';
import { chatAdminRoutes } from './chat/admin-routes.js';
import { chatRoutes } from './chat/routes.js';
import { cloudRoutes } from './cloud/routes.js';
import { installCloudSaver } from './cloud/saver.js';
import { traceDefaultsRoutes } from './trace-defaults/routes.js';
import { longestConversionMs, type Config } from './config.js';
import type { AppContext } from './context.js';
import { conversionRoutes } from './conversions/routes.js';
import { developerRoutes } from './developer/routes.js';
import { DomainError } from './errors.js';
import { installErrorHandler, sendError } from './http/error-handler.js';
import { installIpRateLimit, RateLimiter } from './http/rate-limit.js';
import { installRequestLog, requestId } from './http/request-log.js';
import { mailAdminRoutes } from './mail/routes.js';
import { installMetrics } from './metrics/routes.js';
import { installSecurityHeaders } from './http/security-headers.js';
import { pageHtml } from './site/documents.js';
import { siteRoutes } from './site/routes.js';
import { installInFlightCount } from './system/draining.js';
import { systemRoutes } from './system/routes.js';
import { teamRoutes } from './teams/routes.js';

const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** A hop count trusts that many addresses from the right of X-Forwarded-For, and no more. */
const trustProxyOption = (trust: Config['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The HTTP application: API under /api, OpenAPI at /api/docs, the built web app everywhere else. */
export async function buildApp(
  ctx: AppContext,
  options: { logger?: boolean; logStream?: NodeJS.WritableStream } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    genReqId: requestId,
    // One line per request (http/request-log.ts) instead of Fastify's two.
    logController: new LogController({
      requestIdLogLabel: 'request_id',
      disableRequestLogging: true,
    }),
    bodyLimit: 1024 * 1024,
    // The whole request must arrive within 5 minutes (slow senders). Once it has, the socket may
    // stay silent while the server works: POST /api/convert/upload answers when the trace is done,
    // so the idle limit is the longest a conversion may take (30 s dropped the connection of every
    // longer trace: the conversion went on and was charged, and the client got no answer).
    requestTimeout: 300_000,
    connectionTimeout: longestConversionMs(ctx.config),
    trustProxy: trustProxyOption(ctx.config.trustProxy),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  app.decorateRequest('auth', null);
  installSecurityHeaders(app, ctx.config.publicUrl, { ads: Boolean(ctx.config.ads) });
  installRequestLog(app);
  installInFlightCount(app, ctx.lifecycle);
  installMetrics(app, ctx);
  installIpRateLimit(
    app,
    new RateLimiter(ctx.counters, 'api', ctx.config.rateLimitPerMinute, 60_000),
  );

  // Parses Cookie for request.cookies: the session cookie (/api/auth) and the cloud OAuth state
  // cookie (/api/cloud) are the only ones read.
  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tracery API',
        version: ctx.config.version,
        description: 'Raster-to-vector conversion',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(
    async (api) => {
      await api.register(authRoutes(ctx), { prefix: '/auth' });
      await api.register(passwordRoutes(ctx), { prefix: '/auth' });
      await api.register(accountAuthRoutes(ctx), { prefix: '/auth' });
      await api.register(accountRoutes(ctx), { prefix: '/account' });
      await api.register(traceDefaultsRoutes(ctx), { prefix: '/account/trace-defaults' });
      await api.register(teamRoutes(ctx), { prefix: '/team' });
      // The versioned developer API serves the same conversion calls (one plugin, shared limits).
      const conversions = conversionRoutes(ctx);
      await api.register(conversions, { prefix: '/convert' });
      await api.register(conversions, { prefix: '/v1/convert' });
      await api.register(batchRoutes(ctx), { prefix: '/batch' });
      await api.register(jobRoutes(ctx), { prefix: '/v1/jobs' });
      await api.register(developerRoutes(ctx), { prefix: '/developer' });
      await api.register(adminRoutes(ctx), { prefix: '/admin' });
      await api.register(mailAdminRoutes(ctx), { prefix: '/admin/mail' });
      await api.register(chatAdminRoutes(ctx), { prefix: '/admin/chat' });
      await api.register(billingRoutes(ctx), { prefix: '/payment' });
      await api.register(analyticsRoutes(ctx), { prefix: '/analytics' });
      await api.register(chatRoutes(ctx), { prefix: '/chat' });
      await api.register(systemRoutes(ctx), { prefix: '/system' });
      await api.register(cloudRoutes(ctx), { prefix: '/cloud' });
    },
    { prefix: '/api' },
  );

  installBatchRunner(app, ctx);
  installWebhookSender(app, ctx);
  installCloudSaver(app, ctx);

  const webIndex = join(ctx.config.webDist, 'index.html');
  const hasWeb = existsSync(webIndex);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: ctx.config.webDist,
      index: false,
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed build assets never change; everything else is revalidated.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  await app.register(siteRoutes(ctx));
  // The app's HTML, with the page's title, description, canonical and Open Graph tags in its head.
  const indexHtml = hasWeb ? readFileSync(webIndex, 'utf8') : '';
  const sendApp = (path: string, reply: FastifyReply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(pageHtml(indexHtml, path, ctx.config.publicUrl));
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendApp('/', reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // A missing file (a stale chunk, say) is a 404, never the app's HTML in its place.
    const isFile = /\.[A-Za-z0-9]+$/.test(path);
    if (
      path === '/api' ||
      path.startsWith('/api/') ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !hasWeb ||
      isFile
    ) {
      return sendError(
        request,
        reply,
        new DomainError('NOT_FOUND', `Not found: ${request.method} ${path}`),
      );
    }
    // Client-side routing: every other GET (or HEAD) is the React app.
    return sendApp(path, reply);
  });
  return app;
}
