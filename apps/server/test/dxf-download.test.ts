import { describe, expect, it } from 'vitest';
import { setPlan } from '../src/account/set-plan.js';
import { bearer, register, upload } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';
import sharp from 'sharp';

const s = useTestServer({ UPLOADS_PER_MINUTE: '100000' });

/** A DXF as its (group code, value) pairs. */
function pairs(dxf: string): [number, string][] {
  const lines = dxf.split(/\r?\n/);
  const out: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) out.push([Number(lines[i]), lines[i + 1].trim()]);
  return out;
}

function header(dxf: string, name: string): string | undefined {
  const p = pairs(dxf);
  const i = p.findIndex(([code, value]) => code === 9 && value === name);
  return i < 0 ? undefined : p[i + 1][1];
}

/** The box of every entity coordinate (groups 10 and 20 after ENTITIES). */
function extent(dxf: string) {
  const p = pairs(dxf);
  const from = p.findIndex(([code, value]) => code === 2 && value === 'ENTITIES');
  const xs = p
    .slice(from)
    .filter(([c]) => c === 10)
    .map(([, v]) => Number(v));
  const ys = p
    .slice(from)
    .filter(([c]) => c === 20)
    .map(([, v]) => Number(v));
  return { x0: Math.min(...xs), x1: Math.max(...xs), y0: Math.min(...ys), y1: Math.max(...ys) };
}

/** The entity types after ENTITIES. */
function entityTypes(dxf: string): Set<string> {
  const p = pairs(dxf);
  const from = p.findIndex(([code, value]) => code === 2 && value === 'ENTITIES');
  return new Set(
    p
      .slice(from + 1)
      .filter(([c, v]) => c === 0 && v !== 'ENDSEC' && v !== 'EOF')
      .map(([, v]) => v),
  );
}

/** A blue ellipse on white, 96 px: its outline is cubic curves. */
const oval = () =>
  sharp(
    Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#fff"/><ellipse cx="48" cy="48" rx="36" ry="20" fill="#1d4ed8"/></svg>',
    ),
  )
    .png()
    .toBuffer();

/** Converts as a new Basic account (DXF is a paid format); the result's text, as `format` if given. */
async function convertOnBasic(
  file: { name: string; bytes: Buffer },
  fields: Record<string, string>,
  format?: string,
): Promise<string> {
  const account = await register(s.app);
  await setPlan(s.ctx.db, account.user.email, 'basic');
  const res = await upload(s.app, account.access_token, file, fields);
  expect(res.statusCode, res.body).toBe(200);
  const url: string = res.json().result_url;
  const download = await s.app.inject({
    url: format ? `${url}?format=${format}` : url,
    headers: bearer(account.access_token),
  });
  return download.body;
}

describe('DXF for cutters through the API', () => {
  it('downloads a DXF in millimetres at the print size, without a page border', async () => {
    // 96 px drawing printed 100 mm wide: a red disc (x 12-56, y 18-62 px) and a blue bar
    // (x 58-80, y 20-80 px) on white, y up in the DXF.
    const dxf = await convertOnBasic(
      { name: 'logo.png', bytes: await drawing('png', 96) },
      { output_format: 'dxf', quality_tier: 'standard', print_width: '100', units: 'mm' },
    );
    expect(header(dxf, '$INSUNITS')).toBe('4');
    // The bar's corners are vertices (the disc's extremes may fall between arc vertices).
    const mm = 100 / 96;
    const box = extent(dxf);
    expect(box.x1).toBeCloseTo(80 * mm, 1);
    expect(box.y0).toBeCloseTo((96 - 80) * mm, 1);
    expect(box.x0).toBeGreaterThan(12 * mm - 0.3);
    expect(box.y1).toBeLessThan((96 - 18) * mm + 0.3);
    expect(entityTypes(dxf)).toEqual(new Set(['LWPOLYLINE']));
  });

  it('keeps the DXF options in the stored vector: another format written later uses them', async () => {
    const dxf = await convertOnBasic(
      { name: 'oval.png', bytes: await oval() },
      {
        output_format: 'svg',
        quality_tier: 'standard',
        print_width: '4',
        units: 'in',
        dxf_curves: 'spline',
        dxf_background: 'true',
      },
      'dxf',
    );
    expect(header(dxf, '$INSUNITS')).toBe('1');
    // The background was asked for: the page border is cut too, 4 in by 4 in.
    const box = extent(dxf);
    expect([box.x0, box.y0, box.x1, box.y1]).toEqual([0, 0, 4, 4]);
    expect(entityTypes(dxf).has('SPLINE')).toBe(true);
  });

  it('answers 422 naming a wrong DXF option', async () => {
    const { access_token } = await register(s.app);
    for (const [field, value] of [
      ['dxf_curves', 'bezier'],
      ['dxf_background', 'maybe'],
    ]) {
      const res = await upload(
        s.app,
        access_token,
        { name: 'logo.png', bytes: await drawing('png', 64) },
        { output_format: 'svg', quality_tier: 'standard', [field]: value },
      );
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().detail).toMatch(new RegExp(`^${field}: `));
    }
  });
});
