import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import { metricsAuthorized } from './access.js';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT, on METRICS_HOST: an internal address), for
 * worker processes and for API processes whose public port should not serve metrics.
 */
export async function startMetricsServer(options: {
  port: number;
  host: string;
  token?: string;
  registry: Registry;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ detail: 'Not found', code: 'NOT_FOUND' }));
      return;
    }
    if (!metricsAuthorized(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ detail: 'A metrics token is required', code: 'UNAUTHENTICATED' }),
      );
      return;
    }
    options.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': options.registry.contentType });
        response.end(text);
      },
      () => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ detail: 'Internal server error', code: 'INTERNAL' }));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
