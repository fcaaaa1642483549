import { describe, expect, it } from 'vitest';
import { sweep } from '../src/jobs/sweeper.js';
import {
  refresh,
  register,
  sameOrigin,
  sessionCookie,
  getJson,
  changePassword,
} from './helpers/api.js';
import { startTestServer, useTestServer } from './helpers/server.js';

const s = useTestServer();

const me = (token: string) => getJson(s.app, '/api/auth/me', token);
const logout = (headers: Record<string, string>) =>
  s.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
const sessionRows = (userId: string) =>
  s.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

describe('the session cookie', () => {
  it('is HttpOnly, SameSite=Lax, only for /api/auth, and not Secure on a plain-http server', async () => {
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        name: 'C',
        email: `cookie-${Date.now()}@example.com`,
        password: 'a long password',
      },
    });
    const cookie = res.cookies.find((c) => c.name === 'tracery_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(cookie.secure).toBeUndefined();
    // It lasts as long as the session: SESSION_TTL_DAYS (30) from sign-in.
    expect(cookie.maxAge).toBeGreaterThan(29 * 86_400);
    expect(cookie.maxAge).toBeLessThanOrEqual(30 * 86_400);
    // Only the SHA-256 of the token is stored.
    const stored = await s.ctx.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(cookie.value);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const https = await startTestServer({
      PUBLIC_URL: 'https://tracery.test',
      ALLOW_TEST_PAYMENTS: '1',
    });
    try {
      const { cookie } = await register(https.app);
      const res = await refresh(https.app, cookie, {
        ...sameOrigin,
        origin: 'https://tracery.test',
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'tracery_session')).toMatchObject({
        secure: true,
        httpOnly: true,
        sameSite: 'Lax',
      });
    } finally {
      await https.close();
    }
  });
});

describe('POST /api/auth/refresh', () => {
  it('trades the cookie for a new access token and rotates the cookie', async () => {
    const { cookie, access_token, user } = await register(s.app);
    const res = await refresh(s.app, cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user.id).toBe(user.id);
    expect((await me(body.access_token)).statusCode).toBe(200);
    // The earlier access token is of the same session and keeps working until it expires.
    expect((await me(access_token)).statusCode).toBe(200);
    const next = sessionCookie(res);
    expect(next).not.toBe(cookie);
    const again = await refresh(s.app, next);
    expect(again.statusCode).toBe(200);
    expect(sessionCookie(again)).not.toBe(next);
  });

  it('answers 204 when there is no cookie (nobody signed in)', async () => {
    const res = await refresh(s.app, undefined);
    expect(res.statusCode).toBe(204);
  });

  it('answers 401 to a cookie it never issued', async () => {
    const res = await refresh(s.app, 'tracery_session=forged-token-value');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });

  it('ends the whole session when a rotated token is presented again', async () => {
    const { cookie: stolen, user } = await register(s.app);
    // The owner refreshes: the stolen token is now used.
    const owner = await refresh(s.app, stolen);
    expect(owner.statusCode).toBe(200);
    const ownerCookie = sessionCookie(owner);
    const ownerAccess = owner.json().access_token as string;

    // The thief replays it: refused, and the family is revoked.
    const replay = await refresh(s.app, stolen);
    expect(replay.statusCode).toBe(401);
    expect(replay.cookies.find((c) => c.name === 'tracery_session')?.value).toBe('');
    expect(await sessionRows(user.id)).toHaveLength(0);
    // The owner's newer token and the access tokens of the session are dead too.
    expect((await refresh(s.app, ownerCookie)).statusCode).toBe(401);
    expect((await me(ownerAccess)).statusCode).toBe(401);
  });

  it('lets exactly one of two concurrent uses of one token win, and that counts as reuse', async () => {
    const { cookie, user } = await register(s.app);
    const [a, b] = await Promise.all([refresh(s.app, cookie), refresh(s.app, cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 401]);
    const winner = a.statusCode === 200 ? a : b;
    expect((await refresh(s.app, sessionCookie(winner))).statusCode).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });

  it('refuses a request without the CSRF header or from another site, and changes nothing', async () => {
    const { cookie } = await register(s.app);
    const attempts: Record<string, string>[] = [
      {},
      { origin: 'http://tracery.test' },
      { ...sameOrigin, 'sec-fetch-site': 'cross-site' },
      { ...sameOrigin, 'sec-fetch-site': 'same-site' },
      { 'x-requested-with': 'tracery', origin: 'https://evil.example' },
      { 'x-requested-with': 'tracery', origin: 'null' },
      { 'x-requested-with': 'XMLHttpRequest', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of attempts) {
      const res = await refresh(s.app, cookie, headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The cookie was not used up by any of them.
    const ok = await refresh(s.app, cookie, {
      'x-requested-with': 'tracery',
      origin: 'http://tracery.test',
    });
    expect(ok.statusCode).toBe(200);
    // A client without a browser (no Origin, no Fetch Metadata) needs only the header.
    expect(
      (await refresh(s.app, sessionCookie(ok), { 'x-requested-with': 'tracery' })).statusCode,
    ).toBe(200);
  });

  it('refuses the cookie of a session past its end', async () => {
    const { cookie, user } = await register(s.app);
    await s.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect((await refresh(s.app, cookie)).statusCode).toBe(401);
    // Housekeeping deletes the session and its refresh tokens.
    await sweep(s.ctx);
    expect(await sessionRows(user.id)).toHaveLength(0);
  });
});

describe('logout', () => {
  it('ends the session of the cookie: its refresh and access tokens stop working', async () => {
    const { cookie, access_token } = await register(s.app);
    const out = await logout({ cookie, ...sameOrigin });
    expect(out.statusCode).toBe(204);
    const cleared = out.cookies.find((c) => c.name === 'tracery_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.expires?.getTime()).toBeLessThan(Date.now());
    expect((await refresh(s.app, cookie)).statusCode).toBe(401);
    expect((await me(access_token)).statusCode).toBe(401);
  });

  it('with the cookie needs the CSRF header; a forged logout ends nothing', async () => {
    const { cookie, access_token } = await register(s.app);
    const forged = await logout({ cookie, origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(403);
    expect((await me(access_token)).statusCode).toBe(200);
    expect((await refresh(s.app, cookie)).statusCode).toBe(200);
  });

  it('with neither a token nor a cookie is a 401', async () => {
    expect((await logout({})).statusCode).toBe(401);
  });

  it('ends only its own session, not the other sign-ins of the account', async () => {
    const first = await register(s.app);
    const second = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: first.user.email, password: first.password },
    });
    expect((await logout({ cookie: first.cookie, ...sameOrigin })).statusCode).toBe(204);
    expect((await refresh(s.app, sessionCookie(second))).statusCode).toBe(200);
  });
});

describe('a password change', () => {
  it('ends every session of the account, and the answer starts a new one', async () => {
    const { cookie, access_token, password, user } = await register(s.app);
    const other = await s.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    const changed = await changePassword(s.app, access_token, password, 'another long password');
    expect(changed.statusCode).toBe(200);
    expect((await refresh(s.app, cookie)).statusCode).toBe(401);
    expect((await refresh(s.app, sessionCookie(other))).statusCode).toBe(401);
    expect((await me(access_token)).statusCode).toBe(401);
    const fresh = await refresh(s.app, sessionCookie(changed));
    expect(fresh.statusCode).toBe(200);
    expect((await me(fresh.json().access_token)).statusCode).toBe(200);
  });
});
