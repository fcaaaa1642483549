import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TRACE_OPTION_FIELDS } from '@tracery/contracts';
import { setPlan } from '../src/account/set-plan.js';
import { ledgerSum } from '../src/credits/ledger.js';
import { bearer, register, upload, startBatch } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { waitFor } from './helpers/wait.js';
import { useTestServer } from './helpers/server.js';
import { countWhere } from './helpers/rows.js';

const s = useTestServer({ UPLOADS_PER_MINUTE: '100000' });

const fills = (svg: string) =>
  new Set([...svg.matchAll(/fill="(#[0-9a-f]{3,6})"/gi)].map((m) => m[1]));
const get = (app: FastifyInstance, url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: bearer(token) });

async function convert(token: string, fields: Record<string, string>) {
  return upload(
    s.app,
    token,
    { name: 'logo.png', bytes: await drawing('png', 96) },
    {
      output_format: 'svg',
      quality_tier: 'standard',
      ...fields,
    },
  );
}

describe('conversion options reach the engine, from the API to the stored vector', () => {
  it('traces with the colours, palette and print size asked for', async () => {
    const { access_token } = await register(s.app);
    const plain = await convert(access_token, {});
    const plainSvg = (await get(s.app, plain.json().result_url, access_token)).body;
    expect(fills(plainSvg).size).toBeGreaterThan(2);

    const two = await convert(access_token, { colors: '2' });
    expect(two.statusCode, two.body).toBe(200);
    expect(
      fills((await get(s.app, two.json().result_url, access_token)).body).size,
    ).toBeLessThanOrEqual(2);

    const palette = await convert(access_token, { palette: '#000000,#ffffff,#ff0000' });
    expect(palette.statusCode, palette.body).toBe(200);
    const used = fills((await get(s.app, palette.json().result_url, access_token)).body);
    for (const colour of used)
      expect(['#000000', '#ffffff', '#ff0000', '#000', '#fff', '#f00']).toContain(
        colour.toLowerCase(),
      );

    const printed = await convert(access_token, { print_width: '100', units: 'mm' });
    expect(printed.statusCode, printed.body).toBe(200);
    const svg = (await get(s.app, printed.json().result_url, access_token)).body;
    expect(svg).toMatch(/width="100mm"/);
    // The other format written from the stored vector keeps the print size: 100 mm = 283.465 pt.
    const pdf = await get(s.app, `${printed.json().result_url}?format=pdf`, access_token);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/\/MediaBox \[0 0 283\.46\d? /);
  });

  it('traces in centerline mode: open stroked paths, also in the other formats', async () => {
    const { access_token } = await register(s.app);
    const res = await convert(access_token, { mode: 'centerline' });
    expect(res.statusCode, res.body).toBe(200);
    const svg = (await get(s.app, res.json().result_url, access_token)).body;
    expect(svg).toMatch(
      /<path fill="none" stroke="#[0-9a-f]+" stroke-width="[\d.]+" stroke-linecap="round"/,
    );
    const pdf = await get(s.app, `${res.json().result_url}?format=pdf`, access_token);
    expect(pdf.rawPayload.toString('latin1')).toMatch(/ w 1 J 1 j\n/);
  });

  it('answers 422 naming the field, charging nothing', async () => {
    const { access_token, user } = await register(s.app);
    const before = await ledgerSum(s.ctx.db, user.id);
    for (const [fields, field] of [
      [{ colors: '1' }, 'colors'],
      [{ mode: 'sketch' }, 'mode'],
      [{ detail: '2' }, 'detail'],
      [{ palette: '#000000,blue' }, 'palette'],
      [{ units: 'mm' }, 'units'],
      [{ stacking: 'both' }, 'stacking'],
    ] as const) {
      const res = await convert(access_token, fields);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().detail.startsWith(field)).toBe(true);
    }
    expect(await ledgerSum(s.ctx.db, user.id)).toBe(before);
  });

  it('applies a batch’s options to every item, and refuses bad ones before anything is stored', async () => {
    const account = await register(s.app);
    await setPlan(s.ctx.db, account.user.email, 'business');
    const files = await Promise.all(
      [0, 1].map(async (i) => ({ name: `b${i}.png`, bytes: await drawing('png', 80 + i * 8) })),
    );
    const refused = await startBatch(s.app, account.access_token, files, {
      output_format: 'svg',
      colors: '300',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toMatch(/^colors: /);
    expect(await countWhere(s.ctx.db, 'batches', 'user_id', account.user.id)).toBe(0);

    const created = await startBatch(s.app, account.access_token, files, {
      output_format: 'svg',
      colors: '2',
    });
    expect(created.statusCode, created.body).toBe(202);
    const view = await waitFor(async () => {
      const batch = (
        await get(s.app, `/api/batch/${created.json().batch_id}`, account.access_token)
      ).json();
      return batch.status === 'running' ? undefined : batch;
    });
    expect(view.totals.completed).toBe(2);
    for (const item of view.items) {
      const svg = (await get(s.app, item.result_url, account.access_token)).body;
      expect(fills(svg).size).toBeLessThanOrEqual(2);
    }
  });

  it('lists every option in the OpenAPI document of the upload, batch and job routes', async () => {
    const doc = (await s.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [
      ['/api/convert/upload', 'post'],
      ['/api/v1/convert/upload', 'post'],
      ['/api/batch', 'post'],
      ['/api/v1/jobs', 'post'],
    ]) {
      // Routes registered at a prefix's root are listed with a trailing slash.
      const text = JSON.stringify((doc.paths[path] ?? doc.paths[`${path}/`])[method]);
      for (const field of TRACE_OPTION_FIELDS) expect(text, `${path} ${field}`).toContain(field);
      expect(text, `${path} centerline`).toContain('centerline');
    }
  });
});
