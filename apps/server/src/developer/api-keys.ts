import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { findRow, updateRows } from '../db/rows.js';
import { nowIso } from '../time.js';

/**
 * API keys: `trc_` + 32 random bytes. Only a SHA-256 of the key is stored (the key has full
 * entropy, so a slow hash adds nothing); the key itself is shown once, at creation.
 */
export const API_KEY_PREFIX = 'trc_';
export const MAX_KEYS_PER_USER = 10;

const digest = (key: string) => createHash('sha256').update(key).digest('hex');

export const isApiKey = (token: string) => token.startsWith(API_KEY_PREFIX);

export async function createApiKey(db: Db, userId: string, name: string) {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = {
    id: randomUUID(),
    user_id: userId,
    name,
    prefix: key.slice(0, 12),
    secret_hash: digest(key),
    created_at: nowIso(),
    last_used_at: null,
    revoked_at: null,
    webhook_secret: newWebhookSecret(),
  };
  await db.insertInto('api_keys').values(row).execute();
  return { key, row };
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** A new webhook secret for one of the user's live keys; undefined when there is no such key. */
export async function rotateWebhookSecret(db: Db, userId: string, id: string) {
  const secret = newWebhookSecret();
  const live = { id, user_id: userId, revoked_at: null };
  return (await updateRows(db, 'api_keys', live, { webhook_secret: secret })) === 1
    ? secret
    : undefined;
}

export async function webhookSecretOf(db: Db, keyId: string): Promise<string | undefined> {
  const row = await findRow(db, 'api_keys', { id: keyId, revoked_at: null });
  return row?.webhook_secret ?? undefined;
}

export async function listApiKeys(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(['id', 'name', 'prefix', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .execute();
}

export async function revokeApiKey(db: Db, userId: string, id: string): Promise<boolean> {
  const live = { id, user_id: userId, revoked_at: null };
  return (await updateRows(db, 'api_keys', live, { revoked_at: nowIso() })) === 1;
}

/** The owner of a live key, or undefined. */
export async function resolveApiKey(
  db: Db,
  key: string,
): Promise<{ userId: string; keyId: string } | undefined> {
  const row = await db
    .selectFrom('api_keys')
    .select(['id', 'user_id'])
    .where('secret_hash', '=', digest(key))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .updateTable('api_keys')
    .set({ last_used_at: nowIso() })
    .where('id', '=', row.id)
    .execute();
  return { userId: row.user_id, keyId: row.id };
}
