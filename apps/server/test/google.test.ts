import { generateKeyPairSync } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from './helpers/api.js';
import { startTestServer, type TestServer } from './helpers/server.js';

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
    .setSubject('google-sub-1')
    .setIssuedAt(now - 10)
    .setExpirationTime((claims.exp as number) ?? now + 600)
    .sign(pk);
}

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ GOOGLE_CLIENT_ID: CLIENT_ID }, { googleCerts: certs });
});
afterAll(() => s.close());

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
    const me = await s.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: bearer(again.json().access_token),
    });
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
