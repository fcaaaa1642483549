import { Gauge, Registry } from 'prom-client';
import type { AppContext } from '../context.js';
import { outboxCounts } from '../mail/repository.js';
import { registry } from './registry.js';

/**
 * Gauges an API app reads from its queue and database when scraped, in a registry of its own
 * (a test process may run several apps), served together with the process's metrics.
 */
export function appMetrics(ctx: AppContext): Registry {
  const own = new Registry();
  new Gauge({
    name: 'tracery_queue_depth',
    help: 'Traces waiting for a thread or a queue worker',
    labelNames: ['queue'] as const,
    registers: [own],
    async collect() {
      this.set({ queue: ctx.tracer.kind }, await ctx.tracer.depth());
    },
  });
  new Gauge({
    name: 'tracery_mail_outbox',
    help: 'Email in the outbox not sent, by status (pending, sending, failed)',
    labelNames: ['status'] as const,
    registers: [own],
    async collect() {
      const counts = await outboxCounts(ctx.db);
      for (const status of ['pending', 'sending', 'failed'])
        this.set({ status }, counts[status] ?? 0);
    },
  });
  return Registry.merge([registry, own]);
}
