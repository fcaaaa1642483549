import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, register } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { startTestServer, type TestServer } from './helpers/server.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

function pngDeclaring(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 6;
  return b;
}

function gifWithHugeFrames(): Buffer {
  const parts = [Buffer.from('GIF89a', 'latin1'), Buffer.from([16, 0, 16, 0, 0, 0, 0])];
  for (let i = 0; i < 3; i++) {
    // Image descriptor declaring a 60000×60000 frame, then an empty LZW stream.
    parts.push(
      Buffer.from([0x2c, 0, 0, 0, 0, 0x60, 0xea, 0x60, 0xea, 0]),
      Buffer.from([2, 1, 0x44, 0]),
    );
  }
  parts.push(Buffer.from([0x3b]));
  return Buffer.concat(parts);
}

async function storedFiles(): Promise<number> {
  try {
    return readdirSync(join(s.dataDir, 'files'), { recursive: true }).length;
  } catch {
    return 0;
  }
}

describe('bad uploads change nothing', () => {
  const cases: [
    string,
    () => Promise<{ fields: Record<string, string>; file?: { name: string; bytes: Uint8Array } }>,
    number,
    RegExp,
  ][] = [
    [
      'not an image',
      async () => ({
        fields: { output_format: 'svg' },
        file: { name: 'a.png', bytes: Buffer.from('hello world, plain text') },
      }),
      415,
      /not a supported image/,
    ],
    [
      'HTML renamed .png',
      async () => ({
        fields: { output_format: 'svg' },
        file: { name: 'x.png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      }),
      415,
      /not a supported image/,
    ],
    [
      'a truncated PNG',
      async () => ({
        fields: { output_format: 'svg' },
        file: { name: 't.png', bytes: (await drawing()).subarray(0, 120) },
      }),
      422,
      /damaged or truncated/,
    ],
    [
      'a PNG declaring 20000×20000',
      async () => ({
        fields: { output_format: 'svg' },
        file: { name: 'big.png', bytes: pngDeclaring(20000, 20000) },
      }),
      422,
      /too large/,
    ],
    [
      'an animated GIF of huge frames',
      async () => ({
        fields: { output_format: 'svg' },
        file: { name: 'a.gif', bytes: gifWithHugeFrames() },
      }),
      422,
      /too large/,
    ],
    [
      'a file over the plan limit',
      async () => ({
        fields: { output_format: 'svg' },
        file: {
          name: 'huge.png',
          bytes: Buffer.concat([await drawing(), Buffer.alloc(11 * 1024 * 1024)]),
        },
      }),
      413,
      /10 MB/,
    ],
    [
      'an unknown format',
      async () => ({
        fields: { output_format: 'gif' },
        file: { name: 'a.png', bytes: await drawing() },
      }),
      422,
      /output_format/,
    ],
    [
      'an unknown tier',
      async () => ({
        fields: { output_format: 'svg', quality_tier: 'ultra' },
        file: { name: 'a.png', bytes: await drawing() },
      }),
      422,
      /quality_tier/,
    ],
    ['a missing file', async () => ({ fields: { output_format: 'svg' } }), 422, /file/],
    [
      'EPS on the free plan',
      async () => ({
        fields: { output_format: 'eps' },
        file: { name: 'a.png', bytes: await drawing() },
      }),
      403,
      /Basic plan/,
    ],
  ];

  for (const [name, make, status, detail] of cases) {
    it(`${name} → ${status}`, async () => {
      const { access_token } = await register(s.app);
      const before = await storedFiles();
      const { fields, file } = await make();
      const { payload, headers } = multipart(fields, file);
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/convert/upload',
        payload,
        headers: { ...headers, ...bearer(access_token) },
      });
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().detail).toMatch(detail);
      const me = await s.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: bearer(access_token),
      });
      expect(me.json().credits_remaining).toBe(25);
      const hist = await s.app.inject({
        method: 'GET',
        url: '/api/convert/history',
        headers: bearer(access_token),
      });
      expect(hist.json().total).toBe(0);
      expect(await storedFiles()).toBe(before);
    });
  }

  it("refuses uploads without a token, or with another user's id", async () => {
    const { payload, headers } = multipart(
      { output_format: 'svg' },
      { name: 'a.png', bytes: await drawing() },
    );
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/convert/upload',
      payload,
      headers,
    });
    expect(res.statusCode).toBe(401);
    const { access_token } = await register(s.app);
    const missing = await s.app.inject({
      method: 'GET',
      url: '/api/convert/00000000-0000-4000-8000-000000000000/download',
      headers: bearer(access_token),
    });
    expect(missing.statusCode).toBe(404);
    const malformed = await s.app.inject({
      method: 'GET',
      url: '/api/convert/not-a-uuid/download',
      headers: bearer(access_token),
    });
    expect(malformed.statusCode).toBe(422);
  });

  it('answers a truncated multipart body with a 4xx and takes nothing', async () => {
    const { access_token } = await register(s.app);
    const { payload, headers } = multipart(
      { output_format: 'svg' },
      { name: 'a.png', bytes: await drawing() },
    );
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/convert/upload',
      payload: payload.subarray(0, payload.length - 200),
      headers: { ...headers, ...bearer(access_token) },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().detail).toBeTruthy();
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(access_token),
    });
    expect(me.json().credits_remaining).toBe(25);
  });

  it('answers a non-multipart upload with 415', async () => {
    const { access_token } = await register(s.app);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/convert/upload',
      payload: { file: 'x' },
      headers: bearer(access_token),
    });
    expect([415, 400]).toContain(res.statusCode);
    expect(res.json().detail).toBeTruthy();
  });
});
