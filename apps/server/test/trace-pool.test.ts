import { warmUp, warmUpImage } from '@tracery/engine';
import { describe, expect, it } from 'vitest';
import { runTrace } from '../src/jobs/run-trace.js';
import { TracePool } from '../src/jobs/trace-pool.js';
import type { RasterData, TraceTask } from '../src/jobs/trace-task.js';
import { register, upload, getJson } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';

/** Random colours: about the slowest and largest thing the engine can be asked to trace. */
function noise(side: number): RasterData {
  const data = new Uint8ClampedArray(side * side * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: side, height: side, data };
}

function flat(side: number): RasterData {
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let i = 0; i < data.length; i += 4) if ((i / 4) % side < side / 2) data[i + 1] = 0;
  return { width: side, height: side, data };
}

const task = (full: RasterData): TraceTask => ({
  conversionId: 'test',
  full,
  sample: flat(16),
  format: 'svg',
  tier: 'economy',
});

type PoolOptions = ConstructorParameters<typeof TracePool>[0];

/** Runs `use` on a new pool, closed afterwards whatever happens. */
async function withPool(options: PoolOptions, use: (pool: TracePool) => Promise<void>) {
  const pool = new TracePool(options);
  try {
    await use(pool);
  } finally {
    await pool.close();
  }
}

/** The pool still has its one worker, and it traces. */
async function expectFreshWorker(pool: TracePool, side: number) {
  expect(pool.size).toBe(1);
  const next = await pool.run(task(flat(side)));
  expect(new TextDecoder().decode(next.output)).toContain('<svg');
}

/** Runs tasks on the pool, noting the order in which they finish. */
function finishOrder(pool: TracePool) {
  const order: string[] = [];
  const track = (name: string, t: TraceTask) =>
    pool.run(t).then(() => {
      order.push(name);
    });
  return { order, track };
}

describe('the trace pool', () => {
  it('has each worker warm the engine up before it takes jobs, unless told not to', async () => {
    await withPool({ size: 2, timeoutMs: 60_000 }, async (pool) => {
      await pool.whenReady();
      const warmUps = pool.warmUps();
      // The engine's three warm-up pictures traced with both presets, as warmUp() traces them here.
      const layers = warmUp(1);
      expect(layers.length).toBe(6);
      expect(warmUps.map((w) => w.layers)).toEqual([layers, layers]);
      // Then each converted the warm-up picture as a job does, to SVG.
      const { width, height, data } = warmUpImage();
      const image = { width, height, data: new Uint8ClampedArray(data) };
      const task = { full: image, sample: image, format: 'svg', tier: 'standard' } as const;
      const { output } = runTrace({ conversionId: 'test', ...task });
      expect(warmUps.map((w) => w.svgBytes)).toEqual([output.byteLength, output.byteLength]);
    });
    await withPool({ size: 1, timeoutMs: 60_000, warmUp: false }, async (pool) => {
      await pool.whenReady();
      expect(pool.warmUps()).toEqual([]);
    });
  });

  it('stops a trace past its time limit and keeps its size with a fresh worker', () =>
    // 9 megapixels of noise at the economy tier take over 3x the limit even on a fast, idle
    // machine (850 ms in one process on 2026-11-27's, where a 1 s limit was sometimes met).
    withPool({ size: 1, timeoutMs: 250 }, async (pool) => {
      await expect(pool.run(task(noise(3000)))).rejects.toMatchObject({
        code: 'CONVERSION_TIMEOUT',
      });
      await expectFreshWorker(pool, 32);
    }));

  it('replaces a worker that dies (out of memory) and fails only its job', () =>
    withPool({ size: 1, timeoutMs: 60_000, maxMemoryMb: 16 }, async (pool) => {
      await expect(pool.run(task(noise(2500)))).rejects.toMatchObject({
        code: 'CONVERSION_FAILED',
        message: expect.stringMatching(/memory/i),
      });
      await expectFreshWorker(pool, 16);
    }));

  it('keeps one worker for single conversions: batch items never take the last one', () =>
    withPool({ size: 2, timeoutMs: 60_000 }, async (pool) => {
      const { order, track } = finishOrder(pool);
      // Two slow batch items: the second waits for the first, not for a free worker.
      const batch = [0, 1].map((i) =>
        track(`batch-${i}`, { ...task(noise(900)), background: true }),
      );
      expect(pool.pending).toBe(2);
      const single = track('single', task(flat(32)));
      await Promise.all([...batch, single]);
      expect(order).toEqual(['single', 'batch-0', 'batch-1']);
    }));

  it('pauses batch traces while a single conversion runs on a machine with every core busy', () =>
    withPool({ size: 3, timeoutMs: 60_000, cores: 2 }, async (pool) => {
      // Jobs wait for the workers to load; the flag below is read as they are handed over.
      await pool.whenReady();
      const { order, track } = finishOrder(pool);
      const batch = [0, 1].map((i) =>
        track(`batch-${i}`, { ...task(noise(700)), background: true }),
      );
      expect(pool.batchGivingWay).toBe(false);
      const single = track('single', task(flat(32)));
      // Three traces on two cores, one of them a single conversion: the batch gives way.
      expect(pool.batchGivingWay).toBe(true);
      await single;
      expect(pool.batchGivingWay).toBe(false);
      await Promise.all(batch);
      expect(order[0]).toBe('single');
      expect(order).toHaveLength(3);
    }));

  it('refuses work beyond its queue bound at once', () =>
    withPool({ size: 1, timeoutMs: 60_000, maxQueue: 0 }, async (pool) => {
      await expect(pool.run(task(flat(16)))).rejects.toMatchObject({ code: 'QUEUE_FULL' });
    }));
});

describe('a full trace queue through the API', () => {
  const s = useTestServer();

  it('answers 429 QUEUE_FULL with Retry-After and refunds the credits', async () => {
    const { access_token } = await register(s.app);
    const tracer = s.ctx.tracer;
    const full = new TracePool({ size: 1, timeoutMs: 60_000, maxQueue: 0 });
    s.ctx.tracer = full;
    try {
      const res = await upload(s.app, access_token, { name: 'a.png', bytes: await drawing() });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('30');
      expect(res.json()).toEqual({
        code: 'QUEUE_FULL',
        detail: 'The service is busy; try again in a minute',
      });
    } finally {
      s.ctx.tracer = tracer;
      await full.close();
    }
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().credits_remaining).toBe(25);
    const history = await getJson(s.app, '/api/convert/history', access_token);
    expect(history.json().conversions.map((c: { status: string }) => c.status)).toEqual(['failed']);
  });
});
