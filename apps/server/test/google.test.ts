import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { describe, expect, it } from 'vitest';
import { register, getJson } from './helpers/api.js';
import { useTestServer } from './helpers/server.js';

// A key set made in the test stands in for Google's published keys.
const CLIENT_ID = 'tracery-test.apps.googleusercontent.com';
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
const certs = async () => ({
  'test-key': publicKey.export({ type: 'spki', format: 'pem' }).toString(),
});

async function idToken(claims: Record<string, unknown>, key = privateKey, kid = 'test-key') {
  const pk = await importPKCS8(key.export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email: 'gina@example.com', email_verified: true, name: 'Gina', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
    .setIssuer((claims.iss as string) ?? 'https://accounts.google.com')
    .setAudience((claims.aud as string) ?? CLIENT_ID)
    .setSubject((claims.sub as string) ?? 'google-sub-1')
    .setIssuedAt(now - 10)
    .setExpirationTime((claims.exp as number) ?? now + 600)
    .sign(pk);
}

const s = useTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID }, { googleCerts: certs });

const google = (token: string) =>
  s.app.inject({ method: 'POST', url: '/api/auth/google', payload: { token } });

describe('Google sign-in', () => {
  it('tells the web app which client id to use', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/auth/config' });
    expect(res.json()).toEqual({ google_client_id: CLIENT_ID });
  });

  it('creates the account from a valid ID token, then signs the same account in again', async () => {
    const first = await google(await idToken({}));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().user).toMatchObject({
      email: 'gina@example.com',
      name: 'Gina',
      credits_remaining: 25,
    });
    const again = await google(await idToken({}));
    expect(again.json().user.id).toBe(first.json().user.id);
    const me = await getJson(s.app, '/api/auth/me', again.json().access_token);
    expect(me.statusCode).toBe(200);
  });

  it('rejects a wrong audience, a wrong issuer, an expired token, an unverified email and a foreign key', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const bad = [
      await idToken({ aud: 'someone-else.apps.googleusercontent.com' }),
      await idToken({ iss: 'https://evil.example.com' }),
      await idToken({ exp: past }),
      await idToken({ email_verified: false, email: 'unverified@example.com' }),
      await idToken({ email: 'forged@example.com' }, other.privateKey),
    ];
    for (const token of bad) {
      const res = await google(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().detail).toMatch(/Google sign-in failed/);
    }
  });
});

describe('Google account binding', () => {
  const link = (token: string, password: string) =>
    s.app.inject({ method: 'POST', url: '/api/auth/google/link', payload: { token, password } });
  const userRow = (id: string) =>
    s.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const sessionsOf = async (id: string) =>
    (await s.ctx.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute()).length;

  it('does not sign into an existing password account by email: 409 until its password links it', async () => {
    const owner = await register(s.app, { email: 'pat@example.com' });
    const sessions = await sessionsOf(owner.user.id);
    const attacker = await idToken({ email: 'pat@example.com', sub: 'google-pat' });
    const res = await google(attacker);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ACCOUNT_LINK_REQUIRED' });
    expect(res.json().detail).toMatch(/Enter its password/);
    expect(res.json().access_token).toBeUndefined();
    // A wrong password links nothing and signs nobody in.
    const wrong = await link(attacker, 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect((await userRow(owner.user.id)).google_sub).toBeNull();
    expect(await sessionsOf(owner.user.id)).toBe(sessions);
    // The owner's password links the Google account, and from then on Google signs them in.
    const linked = await link(attacker, owner.password);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().user.id).toBe(owner.user.id);
    expect((await userRow(owner.user.id)).google_sub).toBe('google-pat');
    const again = await google(await idToken({ email: 'pat@example.com', sub: 'google-pat' }));
    expect(again.json().user.id).toBe(owner.user.id);
  });

  it('matches by sub afterwards: a changed email still signs in, another sub with the email is refused', async () => {
    const first = await google(await idToken({ email: 'quinn@example.com', sub: 'google-quinn' }));
    const id = first.json().user.id as string;
    await s.ctx.db
      .updateTable('users')
      .set({ email: 'quinn@work.example' })
      .where('id', '=', id)
      .execute();
    const renamed = await google(
      await idToken({ email: 'quinn.new@example.com', sub: 'google-quinn' }),
    );
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().user.id).toBe(id);

    const other = await google(
      await idToken({ email: 'quinn@work.example', sub: 'google-impostor' }),
    );
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await userRow(id)).google_sub).toBe('google-quinn');
    // The link route does not move the binding either (this account has no password to give).
    const relink = await link(
      await idToken({ email: 'quinn@work.example', sub: 'google-impostor' }),
      'x',
    );
    expect(relink.statusCode).toBe(401);
    expect((await userRow(id)).google_sub).toBe('google-quinn');
  });

  it('refuses to re-link a password account already bound to another Google account', async () => {
    const owner = await register(s.app, { email: 'rae@example.com' });
    expect(
      (await link(await idToken({ email: 'rae@example.com', sub: 'google-rae' }), owner.password))
        .statusCode,
    ).toBe(200);
    const second = await link(
      await idToken({ email: 'rae@example.com', sub: 'google-rae-2' }),
      owner.password,
    );
    expect(second.statusCode).toBe(403);
    expect((await userRow(owner.user.id)).google_sub).toBe('google-rae');
  });
});
