import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { register, upload, getJson } from './helpers/api.js';
import { me } from './helpers/billing.js';
import { drawing, drawingBmp, pngHeader } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';
import { longestConversionMs } from '../src/config.js';
import { countWhere } from './helpers/rows.js';

const s = useTestServer({ MAX_PIXELS_IN_FLIGHT: '6000000' });

/** A flat image: a few KB of PNG, many decoded pixels. */
const flat = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#ffffff' } })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();

const economy = { output_format: 'svg', quality_tier: 'economy' };

describe('resources by pixels', () => {
  it('charges an upload by its decoded pixels, exactly what the estimate says', async () => {
    const png = await flat(2500, 2000);
    expect(png.length).toBeLessThan(64 * 1024);
    const estimate = await s.app.inject({
      method: 'GET',
      url: `/api/analytics/credit-optimization?file_size=${png.length}&width=2500&height=2000&quality_tier=economy`,
    });
    expect(estimate.json().cost_details.cost_breakdown).toMatchObject({
      size_factor: 1.2,
      total: 0.72,
    });
    const { access_token } = await register(s.app);
    const res = await upload(s.app, access_token, { name: 'wide.png', bytes: png }, economy);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ width: 2500, height: 2000 });
    expect(res.json().credits_cost).toBe(estimate.json().credit_cost);
    expect((await me(s.app, access_token)).credits_remaining).toBe(25 - 0.72);
  });

  it('decodes every format, BMP included, in a worker thread', async () => {
    const workers = s.ctx.imageWorkers;
    let calls = 0;
    s.ctx.imageWorkers = {
      decode: (bytes, limits) => {
        calls++;
        return workers.decode(bytes, limits);
      },
      write: (vector, format) => workers.write(vector, format),
    };
    try {
      const { access_token } = await register(s.app);
      const bmp = await drawingBmp(64);
      const res = await upload(s.app, access_token, { name: 'a.bmp', bytes: bmp }, economy);
      expect(res.statusCode).toBe(200);
      const png = await drawing('png', 48);
      expect(
        (await upload(s.app, access_token, { name: 'a.png', bytes: png }, economy)).statusCode,
      ).toBe(200);
      expect(calls).toBe(2);
    } finally {
      s.ctx.imageWorkers = workers;
    }
  });

  it("refuses an image over the plan's pixel limit from its header, before decoding; nothing charged", async () => {
    const { access_token, user } = await register(s.app);
    const bomb = pngHeader(5000, 4000, 'rgb');
    const res = await upload(s.app, access_token, { name: 'bomb.png', bytes: bomb }, economy);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'IMAGE_TOO_LARGE',
      detail: "The image is too large: 5000×4000 pixels; the Free plan's limit is 16 megapixels",
    });
    expect((await me(s.app, access_token)).credits_remaining).toBe(25);
    expect(await countWhere(s.ctx.db, 'conversions', 'user_id', user.id)).toBe(0);
  });

  it('caps conversions in flight per account: 429 RATE_LIMITED with Retry-After, nothing charged', async () => {
    const { access_token } = await register(s.app);
    const png = await drawing('png', 256);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        upload(s.app, access_token, { name: `p${i}.png`, bytes: png }, economy),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(ok.length + refused.length).toBe(6);
    expect(ok.length).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0].json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(s.app, access_token)).credits_remaining).toBeCloseTo(25 - 0.6 * ok.length);
  });

  it('bounds decoded pixels in flight across accounts: 429 QUEUE_FULL with Retry-After', async () => {
    // Two 4-megapixel images against a budget of 6 megapixels in flight.
    const png = await flat(2000, 2000);
    const a = await register(s.app);
    const b = await register(s.app);
    const [ra, rb] = await Promise.all([
      upload(s.app, a.access_token, { name: 'a.png', bytes: png }, economy),
      upload(s.app, b.access_token, { name: 'b.png', bytes: png }, economy),
    ]);
    const codes = [ra.statusCode, rb.statusCode].sort();
    expect(codes).toEqual([200, 429]);
    const refused = ra.statusCode === 429 ? ra : rb;
    const owner = ra.statusCode === 429 ? a : b;
    expect(refused.json().code).toBe('QUEUE_FULL');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await me(s.app, owner.access_token)).credits_remaining).toBe(25);
    const history = await getJson(s.app, '/api/convert/history', owner.access_token);
    expect(history.json().total).toBe(0);
    expect(s.ctx.admission.pixels).toBe(0);
  });

  it('keeps the connection of an upload open for as long as its conversion may take', () => {
    // An upload is answered when its trace is done: a big image on a busy machine traces for
    // longer than 30 s, and an idle-socket limit below the conversion's own bound dropped it.
    expect(s.app.server.timeout).toBe(longestConversionMs(s.ctx.config));
    expect(s.app.server.timeout).toBeGreaterThan(s.ctx.config.traceTimeoutMs * 2);
  });
});
