import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installPoller } from '../src/jobs/poller.js';
import { notify } from '../src/jobs/signals.js';

const HOUR = 3_600_000;

/** A poller that would not run for an hour on its own; each pass waits for `release`. */
async function hourlyPoller(signal: string) {
  const app = Fastify();
  const passes: Array<() => void> = [];
  let started = 0;
  let onStart = () => {};
  installPoller(
    app,
    'test pass',
    () => {
      started++;
      onStart();
      return new Promise<void>((resolve) => passes.push(resolve));
    },
    HOUR,
    signal,
  );
  await app.ready();
  const nextStart = () => new Promise<void>((resolve) => (onStart = resolve));
  /** Signals, and waits for the pass it starts. */
  const wake = async () => {
    const start = nextStart();
    notify(signal);
    await start;
  };
  return { app, passes, started: () => started, nextStart, wake };
}

describe('background poller', () => {
  it('runs a pass at once when its signal comes, not at the next poll', async () => {
    const p = await hourlyPoller('poller-test-a');
    await p.wake();
    expect(p.started()).toBe(1);
    p.passes.shift()!();
    await p.app.close();
  });

  it('a signal during a pass runs one more right after it, and only one', async () => {
    const p = await hourlyPoller('poller-test-b');
    await p.wake();
    notify('poller-test-b');
    notify('poller-test-b');
    expect(p.started()).toBe(1);
    const second = p.nextStart();
    p.passes.shift()!();
    await second;
    expect(p.started()).toBe(2);
    p.passes.shift()!();
    await new Promise((r) => setTimeout(r, 50));
    expect(p.started()).toBe(2);
    await p.app.close();
  });

  it('after close, a signal runs nothing, and close waits for the pass under way', async () => {
    const p = await hourlyPoller('poller-test-c');
    await p.wake();
    let closed = false;
    const closing = p.app.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(closed).toBe(false);
    p.passes.shift()!();
    await closing;
    notify('poller-test-c');
    await new Promise((r) => setTimeout(r, 50));
    expect(p.started()).toBe(1);
  });
});
