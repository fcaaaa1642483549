import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { findRow, updateRows } from '../db/rows.js';
import type { AccountTokensTable } from '../db/schema.js';
import { addMs, nowIso } from '../time.js';

/**
 * Single-use links we email (verify the address, reset the password): 32 random bytes, only
 * their SHA-256 stored, used at most once by a conditional update, expiring.
 */
export type TokenKind = 'verify_email' | 'password_reset';
export type AccountToken = AccountTokensTable;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newLinkToken = () => randomBytes(32).toString('base64url');

export async function issueTokenIn(
  trx: Db,
  kind: TokenKind,
  user: { id: string; email: string },
  ttlMs: number,
): Promise<string> {
  const token = newLinkToken();
  const now = nowIso();
  await trx
    .insertInto('account_tokens')
    .values({
      id: randomUUID(),
      token_hash: hashToken(token),
      kind,
      user_id: user.id,
      email: user.email,
      created_at: now,
      expires_at: addMs(now, ttlMs),
      used_at: null,
    })
    .execute();
  return token;
}

/** How many links of a kind were issued to the user since `since` (the resend throttles). */
export async function countIssuedSince(
  db: Db,
  kind: TokenKind,
  userId: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('account_tokens')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('kind', '=', kind)
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type Consumed =
  { ok: true; token: AccountToken } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/** Uses a link once: of any number of concurrent callers, one gets it. */
export async function consumeTokenIn(
  trx: Db,
  kind: TokenKind,
  token: string,
  now = nowIso(),
): Promise<Consumed> {
  const row = await findRow(trx, 'account_tokens', { token_hash: hashToken(token), kind });
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.used_at !== null) return { ok: false, reason: 'used' };
  if (row.expires_at <= now) return { ok: false, reason: 'expired' };
  const used = await updateRows(
    trx,
    'account_tokens',
    { id: row.id, used_at: null },
    { used_at: now },
  );
  if (used !== 1) return { ok: false, reason: 'used' };
  return { ok: true, token: row };
}

/** Every other open link of a kind stops working (a reset used, a password changed). */
export async function expireOpenTokensIn(
  trx: Db,
  kind: TokenKind,
  userId: string,
  now = nowIso(),
): Promise<void> {
  const open = { kind, user_id: userId, used_at: null };
  await updateRows(trx, 'account_tokens', open, { used_at: now });
}
