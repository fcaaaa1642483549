import { describe, expect, it } from 'vitest';
import { usingPostgres, usingQueue, useTestServer } from './helpers/server.js';

const s = useTestServer();

describe('system', () => {
  it('reports health with database, queue and both engines', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/system/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toEqual({
      status: 'ok',
      dialect: usingPostgres() ? 'postgres' : 'sqlite',
    });
    expect(body.queue).toEqual({ status: 'ok', kind: usingQueue() ? 'bullmq' : 'worker-threads' });
    expect(body.engines.map((e: { name: string }) => e.name)).toEqual(['precision', 'fast']);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers unknown /api paths with 404 JSON', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/nope/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().detail).toContain('/api/nope/nothing');
  });

  it('serves the web app for client-side routes', async () => {
    for (const path of ['/', '/convert', '/pricing/pro']) {
      const res = await s.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('answers HEAD on client-side routes like GET, with no body', async () => {
    const res = await s.app.inject({ method: 'HEAD', url: '/convert' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.body).toBe('');
  });

  it('answers a missing asset with 404, not with the app', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/assets/gone-123.js' });
    expect(res.statusCode).toBe(404);
  });

  it('turns malformed JSON into a 400 with a detail', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(typeof res.json().detail).toBe('string');
  });
});
