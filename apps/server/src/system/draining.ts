import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { wantsEventStream } from '../http/event-stream.js';

/**
 * Counts the requests being answered, but for probes and event streams (a stream stays open as
 * long as its reader likes), so a stopping process knows when its in-flight work is done.
 */
export function installInFlightCount(app: FastifyInstance, lifecycle: AppContext['lifecycle']) {
  const counted = new WeakSet<object>();
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/system/') || wantsEventStream(request)) return;
    counted.add(request);
    lifecycle.inFlight++;
  });
  app.addHook('onResponse', async (request) => {
    if (counted.delete(request)) lifecycle.inFlight--;
  });
}

/** Resolves once no counted request is in flight, or after `timeoutMs` whatever is left. */
export async function drained(lifecycle: AppContext['lifecycle'], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (lifecycle.inFlight > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
