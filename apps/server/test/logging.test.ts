import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, multipart, postJson, refresh, register } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { useTestServer } from './helpers/server.js';
import { linkIn, useSmtp } from './helpers/smtp.js';

// Everything the server logs while accounts are made, signed in, refreshed, reset and used.
const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const smtp = useSmtp();
const s = useTestServer(() => ({ ...smtp.env, LOG_LEVEL: 'info' }), {}, { logStream: capture });
beforeAll(() => {
  s.ctx.mail.sender.start(s.app.log, 200);
});

const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

describe('request logs', () => {
  it('answers with X-Request-Id and logs one line per request under it', async () => {
    const given = await s.app.inject({
      method: 'GET',
      url: '/api/system/live',
      headers: { 'x-request-id': 'lb-7f3a9c21-0001' },
    });
    expect(given.headers['x-request-id']).toBe('lb-7f3a9c21-0001');
    const mine = logged().filter((l) => l.request_id === 'lb-7f3a9c21-0001');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ msg: 'request', method: 'GET', status: 200 });

    // Text a client wants in the logs is not an id: the answer gets a fresh one.
    const forged = await s.app.inject({
      method: 'GET',
      url: '/api/system/live',
      headers: { 'x-request-id': 'x"}\n{"level":60,"msg":"forged' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('\n')).not.toContain('forged');
  });

  it('carries the id of an upload into its conversion and answer', async () => {
    const user = await register(s.app);
    const { payload, headers } = multipart(
      { output_format: 'svg', quality_tier: 'standard' },
      { name: 'l.png', bytes: await drawing('png', 32) },
    );
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/convert/upload',
      payload,
      headers: { ...headers, ...bearer(user.access_token), 'x-request-id': 'upload-1234abcd' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('upload-1234abcd');
    expect(logged().find((l) => l.request_id === 'upload-1234abcd')).toMatchObject({
      route: '/api/convert/upload',
      status: 200,
    });
  });

  it('never logs a password, a token, a session cookie or an email link', async () => {
    const user = await register(s.app);
    const wrong = 'not the password at all';
    expect(
      (await postJson(s.app, '/api/auth/login', { email: user.user.email, password: wrong }))
        .statusCode,
    ).toBe(401);
    const login = await postJson(s.app, '/api/auth/login', {
      email: user.user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(200);
    const renewed = await refresh(s.app, user.cookie);
    expect(renewed.statusCode).toBe(200);
    await postJson(s.app, '/api/auth/forgot-password', { email: user.user.email });
    const mail = await smtp.waitFor(user.user.email, /Reset your Tracery password/);
    const link = linkIn(mail, '/reset-password');
    const linkToken = link.searchParams.get('token')!;
    const newPassword = 'a fresh password for logs';
    const reset = await postJson(s.app, '/api/auth/reset-password', {
      token: linkToken,
      new_password: newPassword,
    });
    expect(reset.statusCode).toBe(200);
    // A token in a query string (a link followed by hand) stays out too.
    await s.app.inject({ method: 'GET', url: `/api/auth/me?token=${linkToken}` });
    // The verification mail went out through the same sender (which logs each delivery).
    const verifyLink = linkIn(
      await smtp.waitFor(user.user.email, /Confirm your email address/),
      '/verify-email',
    );

    const secrets = [
      user.password,
      wrong,
      newPassword,
      user.access_token,
      login.json().access_token,
      renewed.json().access_token,
      user.cookie.split('=')[1],
      linkToken,
      link.toString(),
      verifyLink.searchParams.get('token')!,
    ];
    const text = lines.join('\n');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/Bearer |authorization|cookie/i);
    expect(logged().some((l) => l.path === '/api/auth/me')).toBe(true);
  });
});
