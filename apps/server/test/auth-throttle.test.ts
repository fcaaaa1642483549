import { describe, expect, it, onTestFinished } from 'vitest';
import { register, changePassword } from './helpers/api.js';
import { startTestServer, useTestServer } from './helpers/server.js';

// The server sits behind one proxy (TRUST_PROXY=1) at 10.0.0.1, which appends the address it
// saw to X-Forwarded-For; whatever the client wrote before that is theirs to forge.
const PROXY = '10.0.0.1';

const s = useTestServer({ TRUST_PROXY: '1' });

const viaProxy = (client: string, forged?: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
});

const login = (email: string, password: string, client: string, forged?: string) =>
  s.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...viaProxy(client, forged),
  });

/** Puts an account's throttle rows as they would be `ms` later (no waiting in tests). */
async function age(bucketPart: string, ms: number) {
  const rows = await s.ctx.db.selectFrom('throttle_counters').selectAll().execute();
  for (const row of rows.filter((r) => r.bucket.includes(bucketPart))) {
    await s.ctx.db
      .updateTable('throttle_counters')
      .set({
        window_start: Number(row.window_start) - ms,
        blocked_until: Math.max(0, Number(row.blocked_until) - ms),
      })
      .where('bucket', '=', row.bucket)
      .execute();
  }
}

describe('sign-in throttle', () => {
  it('checks exactly 10 of 30 concurrent wrong passwords for one account from one address', async () => {
    const { user, password } = await register(s.app);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => login(user.email, 'wrong password', '198.51.100.7')),
    );
    const codes = answers.map((a) => a.statusCode);
    // Every 401 is a password that was checked; everything else was refused before the check.
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(20);
    const refused = answers.find((a) => a.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.json().detail).toMatch(/Too many sign-in attempts/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The right password from that address is refused too (it is not even looked at) …
    expect((await login(user.email, password, '198.51.100.7')).statusCode).toBe(429);
    // … and goes through from the owner's own address after the account's short backoff.
    await age(user.email, 30_000);
    expect((await login(user.email, password, '203.0.113.50')).statusCode).toBe(200);
  });

  it('a forged X-Forwarded-For chain does not pick a fresh bucket', async () => {
    const { user } = await register(s.app);
    const codes: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await login(user.email, 'wrong', '198.51.100.20', `192.0.2.${i + 1}`);
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it('backs off per account across addresses: growing, capped at 30 s, and the owner gets in', async () => {
    const { user, password } = await register(s.app);
    // Eleven wrong passwords from eleven addresses: each address is far under its own limit.
    for (let i = 0; i < 11; i++) {
      expect((await login(user.email, 'wrong', `198.51.100.${100 + i}`)).statusCode).toBe(401);
    }
    const held = await login(user.email, 'wrong', '198.51.100.200');
    expect(held.statusCode).toBe(429);
    const first = Number(held.headers['retry-after']);
    expect(first).toBe(1);
    // Each further failure doubles the hold, never past 30 s.
    const holds: number[] = [];
    for (let i = 0; i < 8; i++) {
      await age(user.email, 31_000);
      expect((await login(user.email, 'wrong', `198.51.100.${210 + i}`)).statusCode).toBe(401);
      holds.push(
        Number((await login(user.email, 'wrong', '198.51.100.250')).headers['retry-after']),
      );
    }
    expect(holds).toEqual([2, 4, 8, 16, 30, 30, 30, 30]);
    // The owner, from anywhere, after the hold: signed in, and the backoff is cleared.
    await age(user.email, 31_000);
    expect((await login(user.email, password, '203.0.113.9')).statusCode).toBe(200);
    expect((await login(user.email, 'wrong', '198.51.100.251')).statusCode).toBe(401);
  });
});

describe('other identity paths are throttled', () => {
  it('password change: 10 wrong current passwords, then 429 even with the right one', async () => {
    const { access_token, password } = await register(s.app);
    const change = (current: string) =>
      changePassword(s.app, access_token, current, 'a completely new passphrase');
    const answers = await Promise.all(Array.from({ length: 15 }, () => change('not it')));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 403)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const last = await change(password);
    expect(last.statusCode).toBe(429);
    expect(last.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(last.json().code).toBe('RATE_LIMITED');
  });

  it('registration: SIGNUPS_PER_HOUR per address, forged headers or not', async () => {
    const own = await startTestServer({ TRUST_PROXY: '1', SIGNUPS_PER_HOUR: '3' });
    onTestFinished(() => own.close());
    const signUp = (i: number, forged: string) =>
      own.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: {
          name: 'R',
          email: `signup${i}-${Date.now()}@example.com`,
          password: 'correct horse battery',
        },
        ...viaProxy('198.51.100.77', forged),
      });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await signUp(i, `192.0.2.${i}`)).statusCode);
    expect(codes).toEqual([201, 201, 201, 429, 429]);
    const count = await own.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', 'signup%')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3);
  });
});
