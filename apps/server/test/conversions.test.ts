import { describe, expect, it } from 'vitest';
import { applyCreditIn, ledgerSum } from '../src/credits/ledger.js';
import { register, upload, getJson } from './helpers/api.js';
import { drawing, drawingBmp, svgDifference } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';

// Retried uploads (the plan caps conversions in flight) must not meet the per-minute limit.
const s = useTestServer({ UPLOADS_PER_MINUTE: '100000' });

describe('conversions', () => {
  it('traces an uploaded PNG into an SVG that looks like it', async () => {
    const { access_token } = await register(s.app);
    const png = await drawing('png');
    const res = await upload(s.app, access_token, { name: 'logo.png', bytes: png });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json();
    expect(result).toMatchObject({
      original_filename: 'logo.png',
      output_format: 'svg',
      engine_used: 'precision',
      credits_cost: 1,
      credits_remaining: 24,
    });
    expect(result.quality_comparison.recommended_engine).toMatch(/precision|fast/);
    // Both engines measured on this image (SSIM and boundary offset): a flat drawing traces well.
    expect(result.quality_comparison.quality_scores.precision).toBeGreaterThanOrEqual(0.95);
    expect(result.quality_comparison.quality_scores.fast).toBeGreaterThanOrEqual(0.95);
    const file = await getJson(s.app, result.result_url, access_token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/svg+xml');
    expect(file.headers['content-disposition']).toBe('attachment; filename="logo.svg"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain('sandbox');
    expect(file.body).toMatch(/^<svg|^<\?xml/);
    expect(file.body).not.toMatch(/<script|href="http/i);
    expect(await svgDifference(file.body, png)).toBeLessThan(12);
  });

  it('accepts JPEG, GIF and BMP, and writes PDF on the free plan', async () => {
    const { access_token } = await register(s.app);
    for (const [name, bytes] of [
      ['a.jpg', await drawing('jpeg')],
      ['a.gif', await drawing('gif')],
      ['a.bmp', await drawingBmp()],
    ] as const) {
      const res = await upload(s.app, access_token, { name, bytes });
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
    const pdf = await upload(
      s.app,
      access_token,
      { name: 'a.png', bytes: await drawing() },
      { output_format: 'pdf', quality_tier: 'economy' },
    );
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json()).toMatchObject({ engine_used: 'fast', credits_cost: 0.6 });
    const file = await getJson(s.app, pdf.json().result_url, access_token);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("lists history newest first, and hides other users' conversions", async () => {
    const a = await register(s.app);
    const b = await register(s.app);
    const first = (
      await upload(s.app, a.access_token, { name: 'one.png', bytes: await drawing() })
    ).json();
    const second = (
      await upload(s.app, a.access_token, { name: 'two.png', bytes: await drawing() })
    ).json();
    const hist = await getJson(s.app, '/api/convert/history', a.access_token);
    expect(hist.statusCode).toBe(200);
    const body = hist.json();
    expect(body.total).toBe(2);
    expect(body.conversions.map((c: { id: string }) => c.id)).toEqual([second.id, first.id]);
    expect(body.conversions[0]).toMatchObject({
      original_filename: 'two.png',
      status: 'completed',
      output_format: 'svg',
      credits_cost: 1,
    });
    const other = await getJson(s.app, first.result_url, b.access_token);
    expect(other.statusCode).toBe(404);
    const otherHist = await getJson(s.app, '/api/convert/history', b.access_token);
    expect(otherHist.json().total).toBe(0);
  });

  it('spends exactly the balance under 40 parallel uploads', async () => {
    const { access_token, user } = await register(s.app);
    // 5 credits left, so that the plan's cap on conversions in flight keeps this short.
    await applyCreditIn(s.ctx.db, user.id, -2000, `test:${user.id}`, 'test spend');
    const png = await drawing('png', 32);
    // Each client comes back when told to (the plan's conversions in flight are capped).
    const send = async (i: number) => {
      for (;;) {
        const res = await upload(s.app, access_token, { name: `p${i}.png`, bytes: png });
        if (res.statusCode !== 429) return res;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => send(i)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 402)).toHaveLength(35);
    const refused = results.find((r) => r.statusCode === 402)!;
    expect(refused.json().detail).toMatch(/Not enough credits/);
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().credits_remaining).toBe(0);
    expect(await ledgerSum(s.ctx.db, user.id)).toBe(0);
  }, 120_000);
});
