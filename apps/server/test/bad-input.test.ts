import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorCode } from '@tracery/contracts';
import { describe, expect, it } from 'vitest';
import { bearer, getJson, multipart, postJson, postMultipart, register } from './helpers/api.js';
import { drawing, pngHeader } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

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

type Upload = { fields: Record<string, string>; file?: { name: string; bytes: Uint8Array } };

/** An SVG upload of one file; the bytes are made when the case runs. */
const svgUpload =
  (name: string, bytes: () => Uint8Array | Promise<Uint8Array>) => async (): Promise<Upload> => ({
    fields: { output_format: 'svg' },
    file: { name, bytes: await bytes() },
  });

/** A drawing uploaded with these fields. */
const drawingUpload = (fields: Record<string, string>) => async (): Promise<Upload> => ({
  fields,
  file: { name: 'a.png', bytes: await drawing() },
});

/** The multipart body of a drawing to convert to SVG. */
const drawingBody = async () =>
  multipart({ output_format: 'svg' }, { name: 'a.png', bytes: await drawing() });

describe('bad uploads change nothing', () => {
  const cases: [string, () => Promise<Upload>, number, ErrorCode, RegExp][] = [
    [
      'not an image',
      svgUpload('a.png', () => Buffer.from('hello world, plain text')),
      415,
      'IMAGE_UNSUPPORTED',
      /not a supported image/,
    ],
    [
      'HTML renamed .png',
      svgUpload('x.png', () => Buffer.from('<html><script>alert(1)</script></html>')),
      415,
      'IMAGE_UNSUPPORTED',
      /not a supported image/,
    ],
    [
      'a truncated PNG',
      svgUpload('t.png', async () => (await drawing()).subarray(0, 120)),
      422,
      'IMAGE_INVALID',
      /damaged or truncated/,
    ],
    [
      'a PNG declaring 20000×20000',
      svgUpload('big.png', () => pngHeader(20000, 20000, 'rgba')),
      422,
      'IMAGE_TOO_LARGE',
      /too large/,
    ],
    [
      'an animated GIF of huge frames',
      svgUpload('a.gif', gifWithHugeFrames),
      422,
      'IMAGE_TOO_LARGE',
      /too large/,
    ],
    [
      'a file over the plan limit',
      svgUpload('huge.png', async () =>
        Buffer.concat([await drawing(), Buffer.alloc(11 * 1024 * 1024)]),
      ),
      413,
      'FILE_TOO_LARGE',
      /10 MB/,
    ],
    [
      'an unknown format',
      drawingUpload({ output_format: 'gif' }),
      422,
      'VALIDATION_FAILED',
      /output_format/,
    ],
    [
      'an unknown tier',
      drawingUpload({ output_format: 'svg', quality_tier: 'ultra' }),
      422,
      'VALIDATION_FAILED',
      /quality_tier/,
    ],
    [
      'a missing file',
      async () => ({ fields: { output_format: 'svg' } }),
      422,
      'VALIDATION_FAILED',
      /file/,
    ],
    [
      'EPS on the free plan',
      drawingUpload({ output_format: 'eps' }),
      403,
      'FORMAT_NOT_IN_PLAN',
      /Basic plan/,
    ],
  ];

  for (const [name, make, status, code, detail] of cases) {
    it(`${name} → ${status} ${code}`, async () => {
      const { access_token } = await register(s.app);
      const before = await storedFiles();
      const { fields, file } = await make();
      const res = await postMultipart(s.app, '/api/convert/upload', access_token, fields, file);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toEqual({ code, detail: expect.stringMatching(detail) });
      const me = await getJson(s.app, '/api/auth/me', access_token);
      expect(me.json().credits_remaining).toBe(25);
      const hist = await getJson(s.app, '/api/convert/history', access_token);
      expect(hist.json().total).toBe(0);
      expect(await storedFiles()).toBe(before);
    });
  }

  it("refuses uploads without a token, or with another user's id", async () => {
    const { payload, headers } = await drawingBody();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/convert/upload',
      payload,
      headers,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    const { access_token } = await register(s.app);
    const missing = await getJson(
      s.app,
      '/api/convert/00000000-0000-4000-8000-000000000000/download',
      access_token,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 'NOT_FOUND', detail: 'Conversion not found' });
    const malformed = await getJson(s.app, '/api/convert/not-a-uuid/download', access_token);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers a truncated multipart body with a 4xx and takes nothing', async () => {
    const { access_token } = await register(s.app);
    const { payload, headers } = await drawingBody();
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/convert/upload',
      payload: payload.subarray(0, payload.length - 200),
      headers: { ...headers, ...bearer(access_token) },
    });
    expect(res.json()).toEqual({
      code: 'BAD_REQUEST',
      detail: 'The multipart body is malformed or incomplete',
    });
    expect(res.statusCode).toBe(400);
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().credits_remaining).toBe(25);
  });

  it('answers a non-multipart upload with 415', async () => {
    const { access_token } = await register(s.app);
    const res = await postJson(s.app, '/api/convert/upload', { file: 'x' }, access_token);
    expect(res.json()).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      detail: 'Expected a multipart/form-data request',
    });
    expect(res.statusCode).toBe(415);
  });
});
