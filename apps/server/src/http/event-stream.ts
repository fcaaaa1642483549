import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Whether the client asked for Server-Sent Events (`Accept: text/event-stream`). */
export function wantsEventStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

export interface EventStream {
  send(event: string, data: unknown, id?: string | number): void;
  end(): void;
}

/**
 * Answers with Server-Sent Events through `reply.send`, so the onSend hooks (security headers)
 * still run. Nothing is sent until the first event: an error before it is answered as usual.
 */
export function lazyEventStream(reply: FastifyReply): EventStream & { started(): boolean } {
  let body: PassThrough | undefined;
  const open = () => {
    if (body) return body;
    body = new PassThrough();
    reply
      .header('cache-control', 'no-cache')
      .header('x-accel-buffering', 'no')
      .type('text/event-stream; charset=utf-8')
      .send(body);
    return body;
  };
  return {
    started: () => body !== undefined,
    send(event, data, id) {
      const head = id === undefined ? '' : `id: ${id}\n`;
      open().write(`${head}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    end: () => open().end(),
  };
}
