import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { sweep } from './jobs/sweeper.js';
import { openContext } from './runtime.js';

const SWEEP_INTERVAL_MS = 5 * 60 * 1000;

const config = loadConfig();
const ctx = await openContext(config);
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

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    clearInterval(timer);
    void app
      .close()
      .then(() => ctx.close())
      .finally(() => process.exit(0));
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(
  `Tracery ${config.version} on http://localhost:${config.port} (${config.database.kind}, data in ${config.dataDir})`,
);
