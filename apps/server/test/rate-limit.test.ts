import { describe, expect, it } from 'vitest';
import { register, upload } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer({ RATE_LIMIT_PER_MINUTE: '40', UPLOADS_PER_MINUTE: '3' });

describe('rate limits', () => {
  it('limits uploads per account with 429 and Retry-After, without charging', async () => {
    const { access_token } = await register(s.app);
    const png = await drawing('png', 24);
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await upload(s.app, access_token, { name: 'r.png', bytes: png })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const last = await upload(s.app, access_token, { name: 'r.png', bytes: png });
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    expect(last.json().code).toBe('RATE_LIMITED');
    expect(last.json().detail).toMatch(/Too many uploads/);
    const hist = await s.app.inject({
      method: 'GET',
      url: '/api/convert/history',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(hist.json().total).toBe(3);
  });

  it('limits API calls per client address', async () => {
    let limited = 0;
    for (let i = 0; i < 45; i++) {
      const res = await s.app.inject({
        method: 'GET',
        url: '/api/system/health',
        remoteAddress: '10.20.30.40',
      });
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBeGreaterThan(0);
    const other = await s.app.inject({
      method: 'GET',
      url: '/api/system/health',
      remoteAddress: '10.20.30.41',
    });
    expect(other.statusCode).toBe(200);
  });
});
