import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * A caller's (or a proxy's) X-Request-Id is kept when it is a plain token, so one id can follow a
 * request through the proxy, the API and the queue worker; anything else gets a fresh id (a
 * client cannot write arbitrary text into the logs through it).
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{8,100}$/.test(given) ? given : randomUUID();
}

/**
 * The id goes back in the X-Request-Id header, and every request is one JSON log line carrying
 * it: method, route pattern, path without its query string (links carry tokens there), status
 * and time. Bodies and headers are never logged.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        route: request.routeOptions.url,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
