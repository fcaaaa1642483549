import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { multipart } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { call, useScaleOut } from './helpers/process.js';
import { parseMetrics, sample } from './helpers/metrics.js';
import { usingQueue, useTestServer } from './helpers/server.js';

describe('liveness and readiness', () => {
  const s = useTestServer({ RATE_LIMIT_PER_MINUTE: '3' });

  it('answers live and ready, and 503 draining once told to stop', async () => {
    const live = await s.app.inject({ method: 'GET', url: '/api/system/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'ok' });
    const ready = await s.app.inject({ method: 'GET', url: '/api/system/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', queue: 'ok', storage: 'ok' },
    });
    s.ctx.lifecycle.draining = true;
    try {
      const draining = await s.app.inject({ method: 'GET', url: '/api/system/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json().status).toBe('draining');
      // Still alive: an orchestrator must not kill a process that is finishing its work.
      expect((await s.app.inject({ method: 'GET', url: '/api/system/live' })).statusCode).toBe(200);
    } finally {
      s.ctx.lifecycle.draining = false;
    }
  });

  it('keeps probes out of the per-address rate limit', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await s.app.inject({
        method: 'GET',
        url: i % 2 ? '/api/system/live' : '/api/system/ready',
        remoteAddress: '10.9.8.7',
      });
      expect(res.statusCode).toBe(200);
    }
  });
});

// A real `node dist/main.js` on PostgreSQL + Redis + S3: only the scale-out run has them.
describe.skipIf(!usingQueue())('readiness of a server process (PostgreSQL, Redis, S3)', () => {
  const scaleOut = useScaleOut();

  it('answers 503 within 1 s of SIGTERM while a conversion in flight finishes', async () => {
    const token = 'metrics-token-for-the-tests-0123';
    const scrape = async (url: string) => {
      const res = await call(url, 'GET', '/metrics', { token });
      expect(res.status).toBe(200);
      return parseMetrics(res.body as unknown as string);
    };
    const api = await scaleOut.spawnApi({ METRICS_TOKEN: token });
    const reg = await call(api.url, 'POST', '/api/auth/register', {
      json: {
        name: 'Drain',
        email: `drain-${Date.now()}@example.com`,
        password: 'correct horse 1',
      },
    });
    const access = reg.body.access_token as string;
    const { payload, headers } = multipart(
      { output_format: 'svg', quality_tier: 'standard' },
      { name: 'logo.png', bytes: await drawing('png', 48) },
    );
    // No worker yet: the conversion waits in the queue, in flight.
    const conversion = call(api.url, 'POST', '/api/convert/upload', {
      token: access,
      body: payload,
      headers: { ...headers, 'x-request-id': 'drain-test-0001' },
    });
    // The queue depth gauge sees it waiting; the process is ready.
    while ((await scrape(api.url)).get(sample('tracery_queue_depth', { queue: 'bullmq' })) !== 1) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await call(api.url, 'GET', '/api/system/ready')).status).toBe(200);

    api.child.kill('SIGTERM');
    const signalled = Date.now();
    let answer = await call(api.url, 'GET', '/api/system/ready');
    while (answer.status === 200 && Date.now() - signalled < 1000) {
      answer = await call(api.url, 'GET', '/api/system/ready');
    }
    expect(answer.status).toBe(503);
    expect(answer.body.status).toBe('draining');

    // A worker comes, the conversion finishes and is answered; then the process exits.
    const worker = await scaleOut.spawnWorker({ METRICS_PORT: '0', METRICS_TOKEN: token });
    const done = await conversion;
    expect(done.status).toBe(200);
    expect(done.headers.get('x-request-id')).toBe('drain-test-0001');
    // The request id went with the job: the worker logged the trace under it.
    expect(
      worker.logs
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.msg === 'traced'),
    ).toMatchObject({ request_id: 'drain-test-0001', format: 'svg', tier: 'standard' });
    // The worker's own metrics: one trace, which waited in the queue.
    const workerMetrics = worker.logs
      .map((l) => /metrics on (http:\/\/[\d.]+:\d+)\/metrics/.exec(l)?.[1])
      .find(Boolean)!;
    const traced = await scrape(workerMetrics);
    expect(traced.get(sample('tracery_queue_wait_seconds_count', { queue: 'bullmq' }))).toBe(1);
    expect(
      traced.get(
        sample('tracery_trace_duration_seconds_count', { format: 'svg', tier: 'standard' }),
      ),
    ).toBe(1);
    expect(traced.get(sample('tracery_trace_pixels_sum', { tier: 'standard' }))).toBe(48 * 48);
    expect(done.body).toMatchObject({ original_filename: 'logo.png', output_format: 'svg' });
    expect(await api.exited).toBe(0);
  });

  it('answers 503 when PostgreSQL cannot be reached, and stays alive', async () => {
    // The API reaches PostgreSQL through a proxy this test then stops (the machine's PostgreSQL
    // serves others): every connection is cut and new ones are refused.
    const target = new URL(scaleOut.environment.env.DATABASE_URL);
    const sockets = new Set<Socket>();
    const proxy = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.on('close', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const proxied = new URL(target);
    proxied.port = String((proxy.address() as AddressInfo).port);
    const api = await scaleOut.spawnApi({ DATABASE_URL: proxied.toString() });
    expect((await call(api.url, 'GET', '/api/system/ready')).status).toBe(200);

    await new Promise<void>((resolve) => {
      proxy.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
    const down = await call(api.url, 'GET', '/api/system/ready');
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'not_ready',
      checks: { database: 'down', queue: 'ok', storage: 'ok' },
    });
    expect((await call(api.url, 'GET', '/api/system/live')).status).toBe(200);
  });
});
