import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { deleteRows, findRow, findRows } from '../db/rows.js';
import { claimDueRows } from '../db/lease.js';
import type { CloudConnectionsTable, CloudSavesTable } from '../db/schema.js';
import { addMs, nowIso } from '../time.js';

export type ConnectionRow = CloudConnectionsTable;
export type SaveRow = CloudSavesTable;

export async function connectionsOf(db: Db, userId: string): Promise<ConnectionRow[]> {
  return findRows(db, 'cloud_connections', { user_id: userId });
}

export async function findConnection(
  db: Db,
  userId: string,
  provider: string,
): Promise<ConnectionRow | undefined> {
  return findRow(db, 'cloud_connections', { user_id: userId, provider });
}

/** One connection per account and provider: connecting again replaces the grant. */
export async function upsertConnection(
  db: Db,
  row: Omit<ConnectionRow, 'id' | 'created_at' | 'updated_at' | 'folder'>,
): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('cloud_connections')
    .values({ ...row, id: randomUUID(), folder: '', created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'provider']).doUpdateSet({
        account_id: row.account_id,
        account_name: row.account_name,
        access_token: row.access_token,
        refresh_token: row.refresh_token,
        expires_at: row.expires_at,
        status: row.status,
        updated_at: now,
      }),
    )
    .execute();
}

export async function updateConnection(
  db: Db,
  id: string,
  set: Partial<
    Pick<ConnectionRow, 'access_token' | 'refresh_token' | 'expires_at' | 'status' | 'folder'>
  >,
): Promise<void> {
  await db
    .updateTable('cloud_connections')
    .set({ ...set, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteConnection(db: Db, id: string): Promise<void> {
  await db.deleteFrom('cloud_connections').where('id', '=', id).execute();
}

export async function insertState(
  db: Db,
  row: { state: string; user_id: string; provider: string; code_verifier: string; ttlMs: number },
): Promise<void> {
  const now = nowIso();
  await db.deleteFrom('cloud_oauth_states').where('expires_at', '<=', now).execute();
  await db
    .insertInto('cloud_oauth_states')
    .values({
      state: row.state,
      user_id: row.user_id,
      provider: row.provider,
      code_verifier: row.code_verifier,
      expires_at: addMs(now, row.ttlMs),
    })
    .execute();
}

/** Takes a state once: the row is deleted by the one request that finds it, unexpired. */
export async function takeState(db: Db, state: string) {
  const row = await db
    .selectFrom('cloud_oauth_states')
    .selectAll()
    .where('state', '=', state)
    .executeTakeFirst();
  if (!row) return undefined;
  const taken = await deleteRows(db, 'cloud_oauth_states', { state });
  if (taken !== 1 || row.expires_at <= nowIso()) return undefined;
  return row;
}

export async function insertSave(
  db: Db,
  row: Pick<
    SaveRow,
    | 'user_id'
    | 'provider'
    | 'conversion_id'
    | 'batch_id'
    | 'item_id'
    | 'mode'
    | 'name'
    | 'files_total'
  >,
): Promise<SaveRow> {
  const now = nowIso();
  const save: SaveRow = {
    ...row,
    id: randomUUID(),
    status: 'queued',
    files_done: 0,
    link: null,
    error: null,
    attempts: 0,
    next_attempt_at: now,
    lease_id: null,
    lease_until: null,
    created_at: now,
    completed_at: null,
  };
  await db.insertInto('cloud_saves').values(save).execute();
  return save;
}

export async function findSave(db: Db, id: string): Promise<SaveRow | undefined> {
  return db.selectFrom('cloud_saves').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSaves(
  db: Db,
  userId: string,
  filter: { conversionId?: string; batchId?: string; limit: number },
): Promise<SaveRow[]> {
  let q = db.selectFrom('cloud_saves').selectAll().where('user_id', '=', userId);
  if (filter.conversionId) q = q.where('conversion_id', '=', filter.conversionId);
  if (filter.batchId) q = q.where('batch_id', '=', filter.batchId);
  return q.orderBy('created_at', 'desc').orderBy('id').limit(filter.limit).execute();
}

/** Claims due saves under a lease, as the mail outbox does (see claimDueRows). */
export const claimDueSaves = (db: Db, now: string, leaseMs: number, limit: number) =>
  claimDueRows(db, 'cloud_saves', { waiting: 'queued', working: 'uploading' }, now, leaseMs, limit);

/** Progress or outcome of a claimed save; ignored once the lease is someone else's. */
export async function updateClaimed(
  db: Db,
  save: SaveRow,
  set: Partial<
    Pick<
      SaveRow,
      'status' | 'files_done' | 'link' | 'error' | 'next_attempt_at' | 'completed_at' | 'name'
    >
  >,
  release: boolean,
  extendLeaseMs?: number,
): Promise<void> {
  const lease = release
    ? { lease_id: null, lease_until: null }
    : extendLeaseMs
      ? { lease_until: addMs(nowIso(), extendLeaseMs) }
      : {};
  await db
    .updateTable('cloud_saves')
    .set({ ...set, ...lease })
    .where('id', '=', save.id)
    .where('lease_id', '=', save.lease_id)
    .execute();
}

/** Saves still waiting on a connection that needs reconnecting end with that status. */
export async function endWaitingSaves(db: Db, userId: string, provider: string, error: string) {
  await db
    .updateTable('cloud_saves')
    .set({ status: 'reconnect', error, completed_at: nowIso() })
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .where('status', '=', 'queued')
    .execute();
}

export async function deleteSavesOf(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('cloud_saves').where('user_id', '=', userId).execute();
  await db.deleteFrom('cloud_oauth_states').where('user_id', '=', userId).execute();
}
