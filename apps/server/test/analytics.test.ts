import { describe, expect, it } from 'vitest';
import { register, upload } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { insertConversion } from './helpers/jobs.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

describe('credit optimisation estimate', () => {
  it('returns the breakdown, and equals what the upload then costs', async () => {
    const png = await drawing();
    for (const tier of ['standard', 'economy'] as const) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/analytics/credit-optimization?file_size=${png.length}&width=96&height=96&complexity=0.5&quality_tier=${tier}`,
      });
      expect(res.statusCode).toBe(200);
      const est = res.json();
      expect(est.cost_details.cost_breakdown).toMatchObject({
        base: 1,
        size_factor: 1,
        total: est.credit_cost,
      });
      expect(est.optimization_suggestions.suggestions.length).toBeGreaterThan(0);
      const { access_token } = await register(s.app);
      const conv = await upload(
        s.app,
        access_token,
        { name: 'a.png', bytes: png },
        { output_format: 'svg', quality_tier: tier },
      );
      expect(conv.json().credits_cost).toBe(est.credit_cost);
    }
  });

  it('charges more for many pixels (not for many bytes) and rejects nonsense', async () => {
    const big = await s.app.inject({
      method: 'GET',
      url: `/api/analytics/credit-optimization?file_size=35000&width=6000&height=6000&quality_tier=standard`,
    });
    expect(big.json().cost_details.cost_breakdown.size_factor).toBe(2.6);
    const heavy = await s.app.inject({
      method: 'GET',
      url: `/api/analytics/credit-optimization?file_size=${12 * 1024 * 1024}&width=1000&height=1000&quality_tier=standard`,
    });
    expect(heavy.json().cost_details.cost_breakdown.size_factor).toBe(1);
    const bad = await s.app.inject({
      method: 'GET',
      url: '/api/analytics/credit-optimization?file_size=-5&quality_tier=gold',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
  });
});

describe('usage over time (GET /api/analytics/usage)', () => {
  const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
  const usage = (token: string | undefined, query = '') =>
    s.app.inject({
      method: 'GET',
      url: `/api/analytics/usage${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('counts the account’s own conversions and credits per day, format and tier, refunds as 0', async () => {
    const a = await register(s.app);
    const b = await register(s.app);
    const png = await drawing();
    for (const [format, tier] of [
      ['svg', 'standard'],
      ['pdf', 'economy'],
    ] as const) {
      const res = await upload(
        s.app,
        a.access_token,
        { name: 'a.png', bytes: png },
        { output_format: format, quality_tier: tier },
      );
      expect(res.json().result_url).toBe(`/api/convert/${res.json().id}/download`);
    }
    await insertConversion(s.ctx, a.user.id, { created_at: daysAgo(3), status: 'failed' });
    await insertConversion(s.ctx, a.user.id, { created_at: daysAgo(40), output_format: 'eps' });
    await insertConversion(s.ctx, b.user.id, { output_format: 'dxf' });

    const res = await usage(a.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.by_day).toHaveLength(30);
    expect(body.by_day.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.totals).toEqual({ conversions: 3, completed: 2, failed: 1, credits: 1.6 });
    expect(body.by_day.at(-1)).toMatchObject({ conversions: 2, completed: 2, credits: 1.6 });
    expect(body.by_day.at(-4)).toMatchObject({ conversions: 1, failed: 1, credits: 0 });
    expect(body.by_format).toEqual({ svg: 2, pdf: 1 });
    expect(body.by_tier).toEqual({ standard: 2, economy: 1 });

    // A longer range reaches the older conversion; the other account's never shows.
    const from = daysAgo(60).slice(0, 10);
    const longer = (await usage(a.access_token, `?from=${from}`)).json();
    expect(longer.by_day).toHaveLength(61);
    expect(longer.by_format).toEqual({ svg: 2, pdf: 1, eps: 1 });
    expect((await usage(b.access_token)).json().by_format).toEqual({ dxf: 1 });
  });

  it('refuses a backwards or too long range with 422, and strangers with 401', async () => {
    const a = await register(s.app);
    for (const query of [
      '?from=2026-02-01&to=2026-01-01',
      '?from=2024-01-01&to=2026-01-01',
      '?from=yesterday',
    ]) {
      const res = await usage(a.access_token, query);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await usage(undefined)).statusCode).toBe(401);
  });
});
