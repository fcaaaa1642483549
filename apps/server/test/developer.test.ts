import { describe, expect, it } from 'vitest';
import { setPlan } from '../src/account/set-plan.js';
import { bearer, multipart, register, getJson, callAs, postJson } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

async function v1Upload(headers: Record<string, string>) {
  const body = multipart(
    { output_format: 'svg', quality_tier: 'economy' },
    { name: 'api.png', bytes: await drawing() },
  );
  return s.app.inject({
    method: 'POST',
    url: '/api/v1/convert/upload',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
}

describe('developer API keys', () => {
  it('are a Business plan feature', async () => {
    const { access_token } = await register(s.app);
    const res = await postJson(s.app, '/api/developer/keys', { name: 'ci' }, access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_REQUIRED');
    expect(res.json().detail).toMatch(/Business plan/);
  });

  it('convert through /api/v1 with a key, list without secrets, and stop at revocation', async () => {
    const { access_token, user } = await register(s.app);
    await setPlan(s.ctx.db, user.email, 'business');
    const created = await postJson(
      s.app,
      '/api/developer/keys',
      { name: 'build server' },
      access_token,
    );
    expect(created.statusCode).toBe(201);
    const { key, id, prefix } = created.json();
    expect(key).toMatch(/^trc_[A-Za-z0-9_-]{40,}$/);
    expect(key.startsWith(prefix)).toBe(true);

    const viaBearer = await v1Upload(bearer(key));
    expect(viaBearer.statusCode, viaBearer.body).toBe(200);
    expect(viaBearer.json()).toMatchObject({
      original_filename: 'api.png',
      engine_used: 'fast',
      credits_cost: 0.6,
    });
    const viaHeader = await v1Upload({ 'x-api-key': key });
    expect(viaHeader.statusCode).toBe(200);
    const file = await s.app.inject({
      method: 'GET',
      url: viaHeader.json().result_url,
      headers: { 'x-api-key': key },
    });
    expect(file.statusCode).toBe(200);

    const list = await getJson(s.app, '/api/developer/keys', access_token);
    expect(list.json().keys).toHaveLength(1);
    expect(JSON.stringify(list.json())).not.toContain(key);
    // A key is for the conversion API only, not for account calls.
    expect((await getJson(s.app, '/api/auth/me', key)).statusCode).toBe(401);

    const revoked = await callAs(s.app, 'DELETE', `/api/developer/keys/${id}`, access_token);
    expect(revoked.statusCode).toBe(204);
    const after = await v1Upload(bearer(key));
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('UNAUTHENTICATED');
    expect(after.json().detail).toMatch(/revoked/);
  });

  it('stop working when the plan no longer includes the API', async () => {
    const { access_token, user } = await register(s.app);
    await setPlan(s.ctx.db, user.email, 'business');
    const { key } = (
      await postJson(s.app, '/api/developer/keys', { name: 'k' }, access_token)
    ).json();
    await s.ctx.db
      .updateTable('users')
      .set({ plan_id: 'basic' })
      .where('id', '=', user.id)
      .execute();
    const res = await v1Upload(bearer(key));
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('PLAN_REQUIRED');
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().credits_remaining).toBe(775);
  });
});
