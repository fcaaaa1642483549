import { beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { call, useScaleOut, type ServerProcess } from './helpers/process.js';
import { usingQueue } from './helpers/server.js';

// Two API processes on one PostgreSQL + Redis: a limit counted in Redis holds across both.
// Only the scale-out run (npm run test:scale) has the PostgreSQL and Redis this needs.
describe.skipIf(!usingQueue())('rate limits shared by API processes (Redis)', () => {
  const scaleOut = useScaleOut();
  let a: ServerProcess;
  let b: ServerProcess;
  beforeAll(async () => {
    const env = { UPLOADS_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '30', TRUST_PROXY: '1' };
    // One first: it runs the migrations; the second finds them done.
    a = await scaleOut.spawnApi(env);
    b = await scaleOut.spawnApi(env);
    await scaleOut.spawnWorker(env);
  });

  it('answers the N+1th upload of one account with 429 whichever process takes it', async () => {
    const reg = await call(a.url, 'POST', '/api/auth/register', {
      json: { name: 'Two', email: `two-${Date.now()}@example.com`, password: 'correct horse 1' },
    });
    expect(reg.status).toBe(201);
    const token = reg.body.access_token as string;
    const png = await drawing('png', 24);
    const send = async (server: ServerProcess) => {
      const { payload, headers } = multipart(
        { output_format: 'svg', quality_tier: 'standard' },
        { name: 'l.png', bytes: png },
      );
      return call(server.url, 'POST', '/api/convert/upload', { token, body: payload, headers });
    };
    const statuses = [];
    for (const server of [a, b, a]) statuses.push((await send(server)).status);
    expect(statuses).toEqual([200, 200, 200]);
    for (const server of [b, a]) {
      const over = await send(server);
      expect(over.status).toBe(429);
      expect(over.body.code).toBe('RATE_LIMITED');
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Nothing was charged for the refused ones.
    const history = await call(b.url, 'GET', '/api/convert/history', { token });
    expect(history.body.total).toBe(3);
  });

  it('counts concurrent calls from one address exactly once across both processes', async () => {
    // 40 at once, split over both processes, against a limit of 30 per address: 30 are answered
    // (401, no token), 10 are refused.
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        call(i % 2 ? a.url : b.url, 'GET', '/api/auth/me', { headers }),
      ),
    );
    const ok = answers.filter((r) => r.status === 401).length;
    // The registration and uploads above came from 127.0.0.1, another address: all 30 are here.
    expect(ok).toBe(30);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
