import type { FastifyInstance } from 'fastify';
import { onSignal } from './signals.js';

/**
 * Runs `pass` in the background while the app is up: every `everyMs` after the previous pass
 * ends (never two at once), from `onReady`, and at once on `wakeOn` (work queued by this
 * process; other processes' work waits for the next poll). `onClose` stops it and waits for the
 * pass under way. A pass that throws is logged as `<what> failed` and the next one still runs.
 */
export function installPoller(
  app: FastifyInstance,
  what: string,
  pass: () => Promise<unknown>,
  everyMs = 1_000,
  wakeOn?: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let passing = false;
  let again = false;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(tick, ms);
  };
  const tick = () => {
    passing = true;
    again = false;
    running = pass()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        passing = false;
        if (timer) schedule(again ? 0 : everyMs);
      });
  };
  // A wake during a pass runs one more right after it: the pass may have missed the new work.
  const wake = () => {
    if (!timer) return;
    if (passing) again = true;
    else schedule(0);
  };
  const unsubscribe = wakeOn ? onSignal(wakeOn, wake) : undefined;
  app.addHook('onReady', async () => {
    schedule(everyMs);
  });
  app.addHook('onClose', async () => {
    unsubscribe?.();
    clearTimeout(timer);
    timer = undefined;
    await running;
  });
}
