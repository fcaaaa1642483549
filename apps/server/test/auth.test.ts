import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { findUserById } from '../src/auth/users.js';
import { applyMonthlyGrant } from '../src/credits/monthly-grant.js';
import { monthlyGrantUnits, setBalanceUnits } from './helpers/credits.js';
import { register, getJson, callAs, changePassword } from './helpers/api.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

/** POST /api/auth/login as if from the address `remoteAddress`. */
const loginFrom = (remoteAddress: string, email: string, password: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });

describe('auth', () => {
  it('registers a free account with 25 credits and the description fields', async () => {
    const { access_token, user } = await register(s.app, { name: 'Ada', email: 'Ada@Example.com' });
    expect(access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(user).toMatchObject({
      name: 'Ada',
      email: 'ada@example.com',
      subscription_tier: 'free',
      credits_remaining: 25,
      role: 'user',
      is_admin: false,
      avatar_url: null,
    });
    expect(Date.parse(user.created_at)).not.toBeNaN();
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe('ada@example.com');
  });

  it('refuses a duplicate email and invalid bodies', async () => {
    const { user } = await register(s.app);
    const dup = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'X', email: user.email.toUpperCase(), password: 'another password' },
    });
    expect(dup.statusCode).toBe(409);
    const missing = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'a@b.co' },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toMatch(/name|password/);
  });

  it('logs in, and answers an unknown email exactly like a wrong password', async () => {
    const { user, password } = await register(s.app);
    const ok = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(user.id);
    const wrong = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'nope-nope' },
    });
    const unknown = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('stops a token at logout', async () => {
    const { access_token } = await register(s.app);
    const out = await callAs(s.app, 'POST', '/api/auth/logout', access_token);
    expect(out.statusCode).toBe(204);
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.statusCode).toBe(401);
  });

  it('rejects forged, alg:none and expired tokens', async () => {
    const { access_token, user } = await register(s.app);
    const [h, p] = access_token.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'));
    const expired = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(s.ctx.config.jwtSecret);
    for (const token of [none, forged, expired, `${h}.${p}.AAAA`, 'garbage']) {
      const me = await getJson(s.app, '/api/auth/me', token);
      expect(me.statusCode, token).toBe(401);
      expect(me.json()).toEqual({ code: 'UNAUTHENTICATED', detail: 'Invalid or expired token' });
    }
  });

  it('throttles repeated failures from one address without locking the owner out elsewhere', async () => {
    const { user, password } = await register(s.app);
    for (let i = 0; i < 10; i++) {
      await loginFrom('10.9.9.9', user.email, 'wrong');
    }
    const blocked = await loginFrom('10.9.9.9', user.email, password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(890);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(900);
    expect(blocked.json().code).toBe('RATE_LIMITED');
    const owner = await loginFrom('10.1.1.1', user.email, password);
    expect(owner.statusCode).toBe(200);
  });
});

describe('password change and monthly credits', () => {
  it('ends every old session when the password changes', async () => {
    const { access_token, user, password } = await register(s.app);
    const second = (
      await s.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password },
      })
    ).json().access_token;
    const wrong = await changePassword(s.app, access_token, 'not it', 'a brand new password');
    expect(wrong.statusCode).toBe(403);
    const changed = await changePassword(s.app, access_token, password, 'a brand new password');
    expect(changed.statusCode).toBe(200);
    for (const old of [access_token, second]) {
      expect((await getJson(s.app, '/api/auth/me', old)).statusCode).toBe(401);
    }
    expect((await getJson(s.app, '/api/auth/me', changed.json().access_token)).statusCode).toBe(
      200,
    );
    const login = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'a brand new password' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('tops a free account up to 25 credits once in a new month, however many requests race', async () => {
    const { access_token, user } = await register(s.app);
    await setBalanceUnits(s.ctx.db, user.id, 700);
    const row = (await findUserById(s.ctx.db, user.id))!;
    const nextMonth = new Date(Date.now() + 32 * 86400_000).toISOString();
    const applied = await Promise.all(
      [1, 2, 3].map(() => applyMonthlyGrant(s.ctx.db, row, nextMonth)),
    );
    expect(applied.filter(Boolean)).toHaveLength(1);
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().credits_remaining).toBe(25);
    expect(await monthlyGrantUnits(s.ctx.db, user.id)).toEqual([2500, 1800]);
  });
});
