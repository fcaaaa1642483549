import { describe, expect, it } from 'vitest';
import { bearer, register, upload, getJson } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { parseMetrics, sample } from './helpers/metrics.js';
import { useTestServer } from './helpers/server.js';

const TOKEN = 'metrics-token-for-the-tests-0123';

const s = useTestServer({ METRICS_TOKEN: TOKEN });

const scrape = async () => {
  const res = await getJson(s.app, '/metrics', TOKEN);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(res.body);
};

describe('metrics', () => {
  it('refuses a scrape without the token, or with another one', async () => {
    for (const headers of [
      {},
      bearer('metrics-token-for-the-tests-0124'),
      { authorization: TOKEN },
    ]) {
      const res = await s.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('UNAUTHENTICATED');
      expect(res.body).not.toContain('tracery_');
    }
  });

  it('counts a conversion, its duration, its credits and its request, and shows the queue empty', async () => {
    const { access_token } = await register(s.app);
    const before = await scrape();
    const res = await upload(s.app, access_token, {
      name: 'logo.png',
      bytes: await drawing('png', 64),
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await scrape();
    const delta = (key: string) => (after.get(key) ?? 0) - (before.get(key) ?? 0);

    const svgStandard = { format: 'svg', tier: 'standard' };
    expect(
      delta(sample('tracery_conversions_total', { ...svgStandard, outcome: 'completed' })),
    ).toBe(1);
    expect(delta(sample('tracery_conversion_duration_seconds_count', svgStandard))).toBe(1);
    expect(delta(sample('tracery_conversion_duration_seconds_sum', svgStandard))).toBeGreaterThan(
      0,
    );
    const kind = s.ctx.tracer.kind;
    expect(after.get(sample('tracery_queue_depth', { queue: kind }))).toBe(0);
    expect(delta(sample('tracery_credits_total', { kind: 'charge' }))).toBe(
      res.json().credits_cost,
    );
    expect(
      delta(
        sample('tracery_http_request_duration_seconds_count', {
          method: 'POST',
          route: '/api/convert/upload',
          status: '200',
        }),
      ),
    ).toBe(1);
    expect(after.get(sample('tracery_mail_outbox', { status: 'failed' }))).toBe(0);
    expect(after.get('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });

  it('counts a refused conversion as failed, not completed', async () => {
    const { access_token } = await register(s.app);
    const before = await scrape();
    // A PNG signature over garbage: screened, charged nothing, answered 4xx.
    const bad = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
    const res = await upload(s.app, access_token, { name: 'bad.png', bytes: bad });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('IMAGE_INVALID');
    const after = await scrape();
    const key = sample('tracery_conversions_total', {
      format: 'svg',
      tier: 'standard',
      outcome: 'rejected',
    });
    expect((after.get(key) ?? 0) - (before.get(key) ?? 0)).toBe(1);
  });
});
