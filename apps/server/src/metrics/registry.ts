import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's metrics (one registry per process: API or worker). Counters and histograms are
 * updated where things happen; gauges that read a database or a queue are built per app
 * (metrics/app-gauges.ts). Process memory, CPU and event-loop lag come from prom-client's defaults.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const SECONDS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const httpRequestDuration = new Histogram({
  name: 'tracery_http_request_duration_seconds',
  help: 'HTTP requests by method, route (its pattern) and status, and how long they took',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const conversions = new Counter({
  name: 'tracery_conversions_total',
  help: 'Single conversions finished, by output format, quality tier and outcome',
  labelNames: ['format', 'tier', 'outcome'] as const,
  registers: [registry],
});

export const conversionDuration = new Histogram({
  name: 'tracery_conversion_duration_seconds',
  help: 'Charged conversions from reservation to answer (queue wait and trace included)',
  labelNames: ['format', 'tier'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const traceDuration = new Histogram({
  name: 'tracery_trace_duration_seconds',
  help: 'Traces run by this process, in its worker threads',
  labelNames: ['format', 'tier'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const tracePixels = new Histogram({
  name: 'tracery_trace_pixels',
  help: 'Pixels of the images this process traced',
  labelNames: ['tier'] as const,
  buckets: [1e4, 1e5, 5e5, 1e6, 4e6, 1e7, 4e7],
  registers: [registry],
});

export const queueWait = new Histogram({
  name: 'tracery_queue_wait_seconds',
  help: 'Time a trace waited before a thread took it (bullmq: in Redis; worker-threads: in the pool)',
  labelNames: ['queue'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const credits = new Counter({
  name: 'tracery_credits_total',
  help: 'Credits moved through the ledger, by kind (grant, charge, refund, adjustment)',
  labelNames: ['kind'] as const,
  registers: [registry],
});

export const paymentEvents = new Counter({
  name: 'tracery_payment_events_total',
  help: 'Verified payment provider webhook events, by provider, action and whether applied',
  labelNames: ['provider', 'action', 'result'] as const,
  registers: [registry],
});

/** Worker-thread pools of this process, read when scraped. */
const pools = new Set<{ size: number; busy(): number }>();
export const watchPool = (pool: { size: number; busy(): number }) => {
  pools.add(pool);
  return () => pools.delete(pool);
};
new Gauge({
  name: 'tracery_trace_pool_threads',
  help: 'Trace worker threads of this process, by state',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    let size = 0;
    let busy = 0;
    for (const pool of pools) {
      size += pool.size;
      busy += pool.busy();
    }
    this.set({ state: 'busy' }, busy);
    this.set({ state: 'idle' }, size - busy);
  },
});
