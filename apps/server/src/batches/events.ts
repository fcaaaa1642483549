import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { findBatch, listEvents, totalsOf } from './repository.js';
import { batchSignal, waitFor } from '../jobs/signals.js';

const POLL_MS = 1000;
const HEARTBEAT_MS = 15_000;

/** The sequence number the client has seen: the Last-Event-ID header, or ?last_event_id=. */
export function lastEventIdOf(request: FastifyRequest): number {
  const header = request.headers['last-event-id'];
  const query = (request.query as { last_event_id?: string } | undefined)?.last_event_id;
  const raw = typeof header === 'string' && header !== '' ? header : query;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/**
 * Streams a batch's events as Server-Sent Events from the database: every event after the
 * given sequence number, then each new one as it is written (a wake-up from this process, or
 * the poll for changes made by another), until the batch has settled and nothing is running.
 */
export async function streamEvents(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  batchId: string,
  after: number,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    connection: 'keep-alive',
  });
  const closed = new AbortController();
  request.raw.on('close', () => closed.abort());
  res.on('close', () => closed.abort());
  res.write('retry: 2000\n\n');
  let last = after;
  let lastWrite = Date.now();
  try {
    while (!closed.signal.aborted) {
      const events = await listEvents(ctx.db, batchId, last);
      const send = (list: typeof events) => {
        for (const event of list) {
          res.write(`id: ${event.seq}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
          last = event.seq;
          lastWrite = Date.now();
        }
      };
      send(events);
      if (events.length > 0) continue;
      if (await settled(ctx, batchId)) {
        // Whatever was written between the read above and the check goes out before the end.
        send(await listEvents(ctx.db, batchId, last));
        break;
      }
      if (Date.now() - lastWrite >= HEARTBEAT_MS) {
        res.write(': keep-alive\n\n');
        lastWrite = Date.now();
      }
      await waitFor(batchSignal(batchId), POLL_MS, closed.signal);
    }
  } catch (error) {
    request.log.error({ err: error, batch_id: batchId }, 'batch event stream failed');
  } finally {
    res.end();
  }
}

/** Nothing more will happen to the batch: it is no longer running and no item is in flight. */
async function settled(ctx: AppContext, batchId: string): Promise<boolean> {
  const batch = await findBatch(ctx.db, batchId);
  if (!batch) return true;
  if (batch.status === 'running') return false;
  const totals = await totalsOf(ctx.db, batchId);
  return totals.queued + totals.processing === 0;
}
