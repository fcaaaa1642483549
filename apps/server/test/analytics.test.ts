import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { register, upload } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

describe('credit optimisation estimate', () => {
  it('returns the breakdown, and equals what the upload then costs', async () => {
    const png = await drawing();
    for (const tier of ['standard', 'economy'] as const) {
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/analytics/credit-optimization?file_size=${png.length}&complexity=0.5&quality_tier=${tier}`,
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

  it('charges more for large files and rejects nonsense', async () => {
    const big = await s.app.inject({
      method: 'GET',
      url: `/api/analytics/credit-optimization?file_size=${12 * 1024 * 1024}&quality_tier=standard`,
    });
    expect(big.json().cost_details.cost_breakdown.size_factor).toBeGreaterThan(1);
    const bad = await s.app.inject({
      method: 'GET',
      url: '/api/analytics/credit-optimization?file_size=-5&quality_tier=gold',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ code: 'VALIDATION_FAILED', detail: expect.any(String) });
  });
});
