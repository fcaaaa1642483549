import type { Db } from '../db/connect.js';
import { updateRows } from '../db/rows.js';
import { hashToken, newLinkToken } from '../account/tokens.js';
import { nowIso } from '../time.js';

/**
 * Refresh tokens: 32 random bytes in an HttpOnly cookie, only their SHA-256 stored. Each belongs
 * to a session (its family) and is used once: using it marks it used and hands out the next.
 * A used token presented again means two parties hold the family (one of them stole it), so the
 * whole session ends, the access tokens it issued included.
 */
export type Rotation =
  | { kind: 'rotated'; userId: string; sessionId: string; expiresAt: string; token: string }
  | { kind: 'reused'; userId: string; sessionId: string }
  | { kind: 'invalid' };

export async function issueRefreshTokenIn(trx: Db, sessionId: string): Promise<string> {
  const token = newLinkToken();
  await trx
    .insertInto('refresh_tokens')
    .values({
      token_hash: hashToken(token),
      session_id: sessionId,
      created_at: nowIso(),
      used_at: null,
    })
    .execute();
  return token;
}

/** Uses `token` once: the next token of its session, or why not (a reuse has ended the session). */
export function rotateRefreshToken(db: Db, token: string): Promise<Rotation> {
  const hash = hashToken(token);
  return db.transaction().execute(async (trx): Promise<Rotation> => {
    const now = nowIso();
    const row = await trx
      .selectFrom('refresh_tokens as r')
      .innerJoin('sessions as s', 's.id', 'r.session_id')
      .select(['r.session_id', 's.user_id', 's.expires_at'])
      .where('r.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.expires_at <= now) return { kind: 'invalid' };
    // Conditional: of two requests racing with one token, exactly one wins; the other is a reuse.
    const unused = { token_hash: hash, used_at: null };
    if ((await updateRows(trx, 'refresh_tokens', unused, { used_at: now })) === 0) {
      await trx.deleteFrom('sessions').where('id', '=', row.session_id).execute();
      return { kind: 'reused', userId: row.user_id, sessionId: row.session_id };
    }
    return {
      kind: 'rotated',
      userId: row.user_id,
      sessionId: row.session_id,
      expiresAt: row.expires_at,
      token: await issueRefreshTokenIn(trx, row.session_id),
    };
  });
}

/** The session a refresh token belongs to, used or not (logout ends it either way). */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.session_id;
}
