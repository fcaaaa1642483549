import { loadConfig } from './config.js';

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

const config = loadConfig();
// The context first (it settles the jobs of a crashed predecessor), the HTTP app's many modules
// after: a restart refunds within seconds even on a loaded machine.
const { openContext } = await import('./runtime.js');
// Crash recovery reports before the HTTP logger exists: one JSON line on stderr, like pino's.
const ctx = await openContext(config, {
  log: (msg, detail) =>
    console.error(JSON.stringify({ level: 40, time: Date.now(), msg, ...detail })),
});
const [{ buildApp }, { sweep }, { drained }, { appMetrics }, { startMetricsServer }] =
  await Promise.all([
    import('./app.js'),
    import('./jobs/sweeper.js'),
    import('./system/draining.js'),
    import('./metrics/app-gauges.js'),
    import('./metrics/server.js'),
  ]);
const app = await buildApp(ctx);
ctx.mail.start(app.log);

const runSweep = () =>
  sweep(ctx).then(
    (r) => {
      const s = r.subscriptions;
      if (r.expired || r.refunded || s.expired || s.renewed || s.granted || r.monthlyGrants)
        app.log.info(r, 'sweep');
    },
    (error: unknown) => app.log.error({ err: error }, 'sweep failed'),
  );
await runSweep();
const timer = setInterval(runSweep, SWEEP_INTERVAL_MS);
timer.unref();

// Stopping: readiness answers 503 at once (load balancers stop sending), requests in flight
// (conversions waiting for their trace) finish, then the listener and everything else close.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    ctx.lifecycle.draining = true;
    app.log.info({ signal, in_flight: ctx.lifecycle.inFlight }, 'draining');
    clearInterval(timer);
    void drained(ctx.lifecycle, config.traceTimeoutMs + 10_000)
      .then(() => app.close())
      .then(() => ctx.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
if (config.metrics.port !== undefined) {
  const metrics = await startMetricsServer({
    port: config.metrics.port,
    host: config.metrics.host,
    token: config.metrics.token,
    registry: appMetrics(ctx),
  });
  app.log.info(`metrics on http://${config.metrics.host}:${metrics.port}/metrics`);
}
app.log.info(
  `Tracery ${config.version} on http://localhost:${config.port} (${config.database.kind}, data in ${config.dataDir})`,
);
