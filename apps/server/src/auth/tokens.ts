import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Db } from '../db/connect.js';
import { addMs, nowIso } from '../time.js';

/**
 * Access tokens: short-lived HS256 JWTs naming a server-side session. The session lives as long
 * as its refresh tokens (auth/refresh-tokens.ts); logout, a password change or a reused refresh
 * token deletes it, so its access tokens stop working at once even before they expire.
 */
export interface TokenSettings {
  secret: Uint8Array;
  ttlSeconds: number;
}

export async function createSession(
  db: Db,
  userId: string,
  lifetimeSeconds: number,
): Promise<{ id: string; expiresAt: string }> {
  const id = randomUUID();
  const created = nowIso();
  const expiresAt = addMs(created, lifetimeSeconds * 1000);
  await db
    .insertInto('sessions')
    .values({ id, user_id: userId, created_at: created, expires_at: expiresAt })
    .execute();
  return { id, expiresAt };
}

export function signAccessToken(
  settings: TokenSettings,
  userId: string,
  sessionId: string,
): Promise<string> {
  return new SignJWT({ sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime(`${settings.ttlSeconds}s`)
    .sign(settings.secret);
}

export interface Principal {
  userId: string;
  sessionId: string;
}

/** Returns the principal of a valid, unrevoked token, or null. Only HS256 is accepted. */
export async function verifyToken(
  db: Db,
  settings: TokenSettings,
  token: string,
): Promise<Principal | null> {
  try {
    const { payload } = await jwtVerify(token, settings.secret, { algorithms: ['HS256'] });
    const sid = payload.sid;
    if (typeof sid !== 'string' || typeof payload.sub !== 'string') return null;
    const session = await db
      .selectFrom('sessions')
      .select(['user_id', 'expires_at'])
      .where('id', '=', sid)
      .executeTakeFirst();
    if (!session || session.user_id !== payload.sub || session.expires_at <= nowIso()) return null;
    return { userId: payload.sub, sessionId: sid };
  } catch {
    return null;
  }
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

/** Housekeeping: sessions past their end, with their refresh tokens (cascade). */
export async function deleteExpiredSessions(db: Db, now: string): Promise<number> {
  const res = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(res.numDeletedRows);
}
