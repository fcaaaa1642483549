import { beforeAll, describe, expect, it } from 'vitest';
import { setRole } from '../src/account/set-role.js';
import { ledgerSum } from '../src/credits/ledger.js';
import { bearer, register, upload, getJson, postJson } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();
let admin: string;
beforeAll(async () => {
  const a = await register(s.app, { name: 'Root Admin' });
  await setRole(s.ctx.db, a.user.email, 'admin');
  admin = a.access_token;
});

describe('admin API', () => {
  it('is closed to everyone but admins', async () => {
    const { access_token } = await register(s.app);
    for (const url of ['/api/admin/stats', '/api/admin/users?q=a']) {
      expect(
        (await s.app.inject({ method: 'GET', url, headers: bearer(access_token) })).statusCode,
      ).toBe(403);
      expect((await s.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const me = await getJson(s.app, '/api/auth/me', admin);
    expect(me.json()).toMatchObject({ role: 'admin', is_admin: true });
  });

  it('reports users and conversions, finds accounts, changes plans and grants credits', async () => {
    const u = await register(s.app, {
      name: 'Findable Person',
      email: `findable-${Date.now()}@example.com`,
    });
    await upload(s.app, u.access_token, { name: 'x.png', bytes: await drawing() });
    const stats = (await getJson(s.app, '/api/admin/stats', admin)).json();
    expect(stats.users_by_plan.free).toBeGreaterThanOrEqual(2);
    expect(stats.conversions_by_status.completed.last_day).toBeGreaterThanOrEqual(1);
    expect(stats.credits_spent_last_week).toBeGreaterThanOrEqual(1);

    const found = (await getJson(s.app, '/api/admin/users?q=findable', admin)).json();
    expect(found.users.map((x: { id: string }) => x.id)).toEqual([u.user.id]);

    const plan = await postJson(
      s.app,
      `/api/admin/users/${u.user.id}/plan`,
      { plan_id: 'professional' },
      admin,
    );
    expect(plan.json()).toMatchObject({ plan_id: 'professional', credits_remaining: 224 });

    const grant = {
      credits: 10,
      reason: 'Goodwill for a support case',
      idempotency_key: 'ticket-4711',
    };
    const first = await postJson(s.app, `/api/admin/users/${u.user.id}/credits`, grant, admin);
    const again = await postJson(s.app, `/api/admin/users/${u.user.id}/credits`, grant, admin);
    expect(first.json().credits_remaining).toBe(234);
    expect(again.json().credits_remaining).toBe(234);
    const negative = await postJson(
      s.app,
      `/api/admin/users/${u.user.id}/credits`,
      { credits: -1000, reason: 'too much' },
      admin,
    );
    expect(negative.statusCode).toBe(409);
    expect(negative.json().code).toBe('CONFLICT');
    expect(await ledgerSum(s.ctx.db, u.user.id)).toBe(23400);
  });
});
