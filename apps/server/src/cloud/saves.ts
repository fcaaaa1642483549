import {
  CLOUD_PROVIDER_NAMES,
  type CloudProvider,
  type CloudSave,
  type CloudSaveRequest,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { CLOUD_SAVE_SIGNAL, notify } from '../jobs/signals.js';
import { assertCloudPlan, providerEntry } from './grant.js';
import { findConnection, findSave, insertSave, type SaveRow } from './repository.js';
import { saveSource } from './sources.js';

export function viewOf(row: SaveRow): CloudSave {
  return {
    id: row.id,
    provider: row.provider as CloudProvider,
    status: row.status as CloudSave['status'],
    name: row.name,
    conversion_id: row.conversion_id,
    batch_id: row.batch_id,
    files_total: row.files_total,
    files_done: row.files_done,
    link: row.link,
    error: row.error,
    created_at: row.created_at,
    completed_at: row.completed_at,
  };
}

/**
 * Queues a save of the account's own result (or batch) with the account's own connection;
 * the upload runs in the background (saver.ts), which this process starts on at once.
 */
export async function createSave(
  ctx: AppContext,
  user: UserRow,
  request: CloudSaveRequest,
): Promise<CloudSave> {
  const provider = request.provider;
  providerEntry(ctx, provider);
  await assertCloudPlan(ctx, user);
  const conn = await findConnection(ctx.db, user.id, provider);
  const name = CLOUD_PROVIDER_NAMES[provider];
  if (!conn) throw new DomainError('CONFLICT', `Connect ${name} first, on the cloud storage page`);
  if (conn.status !== 'connected')
    throw new DomainError('CLOUD_RECONNECT_REQUIRED', `Reconnect ${name} to save to it`);
  const what =
    'conversion_id' in request
      ? { conversion_id: request.conversion_id, batch_id: null, item_id: null }
      : { conversion_id: null, batch_id: request.batch_id, item_id: request.item_id ?? null };
  const mode = 'as' in request ? request.as : undefined;
  const source = await saveSource(ctx, user.id, { ...what, mode });
  const row = await insertSave(ctx.db, {
    user_id: user.id,
    provider,
    ...what,
    mode: source.mode,
    name: source.name,
    files_total: source.files.length,
  });
  notify(CLOUD_SAVE_SIGNAL);
  return viewOf(row);
}

export async function ownSave(ctx: AppContext, user: UserRow, id: string): Promise<SaveRow> {
  const row = await findSave(ctx.db, id);
  if (!row || row.user_id !== user.id) throw new DomainError('NOT_FOUND', 'Save not found');
  return row;
}
