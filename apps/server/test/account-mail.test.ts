import { describe, expect, it } from 'vitest';
import { bearer, postJson, refresh, register, sessionCookie, getJson } from './helpers/api.js';
import { linkIn, useMailingServer } from './helpers/smtp.js';

const SITE = 'https://tracery.example';
const { smtp, s } = useMailingServer({ PUBLIC_URL: SITE, ALLOW_TEST_PAYMENTS: '1' });

let ip = 0;
/** Each test its own client address, so the per-address limits of one do not touch another. */
const fromIp = () => `10.1.0.${++ip}`;
const post = (url: string, payload: unknown, token?: string, remoteAddress = fromIp()) =>
  s.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? bearer(token) : {},
    remoteAddress,
  });
const me = (token: string) => getJson(s.app, '/api/auth/me', token);
const login = (email: string, password: string) =>
  postJson(s.app, '/api/auth/login', { email, password });
const sentTo = (to: string, subject?: RegExp) =>
  smtp.messages.filter(
    (m) => JSON.stringify(m.to).includes(to) && (!subject || subject.test(m.subject ?? '')),
  );
const tokenOf = (url: URL) => url.searchParams.get('token')!;

describe('email verification', () => {
  it('registration sends a single-use link that verifies the address', async () => {
    const user = await register(s.app);
    expect(user.user.email_verified).toBe(false);
    const mail = await smtp.waitFor(user.user.email, /Confirm your email address/);
    expect(mail.html).toContain('Confirm my email address');
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe(SITE);

    const ok = await post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ email: user.user.email, email_verified: true });
    expect((await me(user.access_token)).json().email_verified).toBe(true);

    const again = await post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('GONE');
    const forged = await post('/api/auth/verify-email', { token: `${tokenOf(link)}x` });
    expect(forged.statusCode).toBe(410);
  });

  it('resend sends a new link, at most one a minute; a verified account gets 409', async () => {
    const user = await register(s.app);
    await smtp.waitFor(user.user.email, /Confirm/);
    // The registration's link was just sent: the minute is not over.
    const early = await post('/api/auth/verify-email/resend', {}, user.access_token);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('60');
    await s.ctx.db
      .updateTable('account_tokens')
      .set({ created_at: new Date(Date.now() - 120_000).toISOString() })
      .where('user_id', '=', user.user.id)
      .execute();
    const res = await post('/api/auth/verify-email/resend', {}, user.access_token);
    expect(res.statusCode).toBe(202);
    expect(res.json().detail).toBe(`We sent a new link to ${user.user.email}`);
    await expect.poll(() => sentTo(user.user.email, /Confirm/).length).toBe(2);
    const link = linkIn(sentTo(user.user.email, /Confirm/)[1], '/verify-email');
    expect((await post('/api/auth/verify-email', { token: tokenOf(link) })).statusCode).toBe(200);
    const verified = await post('/api/auth/verify-email/resend', {}, user.access_token);
    expect(verified.statusCode).toBe(409);
    expect((await post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });

  it('a link for an address the account no longer has verifies nothing', async () => {
    const user = await register(s.app);
    const link = linkIn(await smtp.waitFor(user.user.email, /Confirm/), '/verify-email');
    await s.ctx.db
      .updateTable('users')
      .set({ email: `changed-${user.user.email}` })
      .where('id', '=', user.user.id)
      .execute();
    await post('/api/auth/verify-email', { token: tokenOf(link) });
    expect((await me(user.access_token)).json().email_verified).toBe(false);
  });
});

describe('forgot and reset password', () => {
  it('sends a link; the new password works, old sessions answer 401, the link works once', async () => {
    const user = await register(s.app);
    const other = await login(user.user.email, user.password);
    expect(other.statusCode).toBe(200);
    const res = await post('/api/auth/forgot-password', { email: user.user.email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    const mail = await smtp.waitFor(user.user.email, /Reset your Tracery password/);
    const link = linkIn(mail, '/reset-password');
    expect(link.origin).toBe(SITE);

    const weak = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      new_password: 'short',
    });
    expect(weak.statusCode).toBe(422);
    // A common password is refused too, and the link still works afterwards.
    const common = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      new_password: 'Password1',
    });
    expect(common.statusCode).toBe(422);
    expect(common.json().detail).toMatch(/most common/);
    const reset = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      new_password: 'a brand new password',
    });
    expect(reset.statusCode).toBe(200);
    const fresh = reset.json();
    expect(fresh.user).toMatchObject({ id: user.user.id, email_verified: true });

    expect((await me(user.access_token)).statusCode).toBe(401);
    expect((await me(other.json().access_token)).statusCode).toBe(401);
    expect((await me(fresh.access_token)).statusCode).toBe(200);
    // The session cookies of the earlier sign-ins are dead too; the reset started a new one.
    expect((await refresh(s.app, user.cookie)).statusCode).toBe(401);
    expect((await refresh(s.app, sessionCookie(other))).statusCode).toBe(401);
    expect((await refresh(s.app, sessionCookie(reset))).statusCode).toBe(200);
    expect((await login(user.user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.user.email, 'a brand new password')).statusCode).toBe(200);

    const reuse = await post('/api/auth/reset-password', {
      token: tokenOf(link),
      new_password: 'an attacker password',
    });
    expect(reuse.statusCode).toBe(410);
    expect((await login(user.user.email, 'a brand new password')).statusCode).toBe(200);
    await smtp.waitFor(user.user.email, /password was changed/);
  });

  it('answers an unknown email exactly as a known one and sends nothing', async () => {
    const user = await register(s.app);
    const known = await post('/api/auth/forgot-password', { email: user.user.email });
    const unknown = await post('/api/auth/forgot-password', {
      email: `nobody-${Date.now()}@example.com`,
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const rows = await s.ctx.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('kind', '=', 'password_reset')
      .execute();
    expect(rows.filter((r) => r.to_address.startsWith('nobody-'))).toHaveLength(0);
  });

  it('an expired link is 410 and changes nothing', async () => {
    const user = await register(s.app);
    await post('/api/auth/forgot-password', { email: user.user.email });
    await post('/api/auth/forgot-password', { email: user.user.email });
    await expect.poll(() => sentTo(user.user.email, /Reset/).length).toBe(2);
    const [first, second] = sentTo(user.user.email, /Reset/).map((m) =>
      tokenOf(linkIn(m, '/reset-password')),
    );
    await s.ctx.db
      .updateTable('account_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'password_reset')
      .where('created_at', '=', (eb) =>
        eb
          .selectFrom('account_tokens')
          .select((e) => e.fn.min('created_at').as('c'))
          .where('user_id', '=', user.user.id)
          .where('kind', '=', 'password_reset'),
      )
      .execute();
    const tokens = await s.ctx.db
      .selectFrom('account_tokens')
      .select(['expires_at'])
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'password_reset')
      .orderBy('created_at')
      .execute();
    expect(tokens).toHaveLength(2);
    // Which of the two mails carries the expired token is not known by order of arrival.
    const results = [];
    for (const token of [first, second])
      results.push(
        (await post('/api/auth/reset-password', { token, new_password: 'new password one' }))
          .statusCode,
      );
    expect(results.sort()).toEqual([200, 410]);
  });

  it('three requests an hour per email, known or not: the 4th is 429 either way', async () => {
    const user = await register(s.app);
    const unknown = `nobody-${Date.now()}@example.com`;
    const codes = async (email: string) => {
      const out = [];
      for (let i = 0; i < 4; i++)
        out.push((await post('/api/auth/forgot-password', { email })).statusCode);
      return out;
    };
    expect(await codes(user.user.email)).toEqual([202, 202, 202, 429]);
    expect(await codes(unknown)).toEqual([202, 202, 202, 429]);
    const issued = await s.ctx.db
      .selectFrom('account_tokens')
      .select('id')
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'password_reset')
      .execute();
    expect(issued).toHaveLength(3);
  });

  it('is throttled per client address (429 after 20 requests in an hour)', async () => {
    const address = fromIp();
    const codes = [];
    for (let i = 0; i < 22; i++)
      codes.push(
        (
          await post(
            '/api/auth/forgot-password',
            { email: `x${i}@example.com` },
            undefined,
            address,
          )
        ).statusCode,
      );
    expect(codes.slice(0, 20).every((c) => c === 202)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429]);
  });
});
