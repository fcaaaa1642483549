import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` in the background while the app is up: every `everyMs` after the previous pass
 * ends (never two at once), from `onReady`; `onClose` stops it and waits for the pass under way.
 * A pass that throws is logged as `<what> failed` and the next one still runs.
 */
export function installPoller(
  app: FastifyInstance,
  what: string,
  pass: () => Promise<unknown>,
  everyMs = 1_000,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = pass()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        if (timer) timer = setTimeout(tick, everyMs);
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, everyMs);
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    timer = undefined;
    await running;
  });
}
