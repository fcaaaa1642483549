import { CLOUD_PROVIDER_NAMES, type CloudProvider } from '@tracery/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { installPoller } from '../jobs/poller.js';
import { CLOUD_SAVE_SIGNAL } from '../jobs/signals.js';
import { isDomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { cloudProviders, withAccessToken } from './grant.js';
import { ProviderRefused, ProviderRetryable, ReconnectRequired } from './provider-http.js';
import { claimDueSaves, findConnection, updateClaimed, type SaveRow } from './repository.js';
import { saveSource } from './sources.js';

/** Waits after the 1st, 2nd, … failed attempt when the provider names none; then it fails. */
export const RETRY_DELAYS_MS = [10_000, 60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000];
/** A Retry-After beyond this is not waited for within the retries. */
const MAX_RETRY_AFTER_MS = 6 * 3600_000;
const LEASE_MS = 10 * 60_000;
const POLL_MS = 1_000;

/** When the next attempt goes: the provider's Retry-After when it sent one, else the backoff. */
export function nextAttemptDelay(attempts: number, retryAfterMs?: number): number | undefined {
  const backoff = RETRY_DELAYS_MS[attempts - 1];
  if (backoff === undefined) return undefined;
  return retryAfterMs === undefined ? backoff : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS);
}

/** One attempt at a claimed save: the files not yet saved, one by one, recording progress. */
async function attempt(ctx: AppContext, save: SaveRow): Promise<void> {
  const provider = save.provider as CloudProvider;
  const entry = cloudProviders(ctx)[provider];
  if (!entry) throw new ProviderRefused(`${CLOUD_PROVIDER_NAMES[provider]} is not configured`);
  // Always the saving account's own connection.
  const conn = await findConnection(ctx.db, save.user_id, provider);
  if (!conn) throw new ReconnectRequired(`${CLOUD_PROVIDER_NAMES[provider]} is not connected`);
  const source = await saveSource(ctx, save.user_id, save);
  const base = conn.folder ? [conn.folder] : [];
  const folder = source.mode === 'folder' ? [...base, source.name] : base;
  const chunking = {
    simpleMaxBytes: ctx.config.cloud.simpleUploadMaxBytes,
    chunkBytes: ctx.config.cloud.chunkBytes,
  };
  let done = save.files_done;
  for (const file of source.files.slice(done)) {
    const bytes = await file.load();
    const uploaded = await withAccessToken(ctx, conn, (token) =>
      entry.storage.upload(
        token,
        folder,
        { name: file.name, mimeType: file.mimeType, bytes },
        chunking,
      ),
    );
    done++;
    const single = source.mode !== 'folder';
    await updateClaimed(
      ctx.db,
      save,
      {
        files_done: done,
        ...(single ? { name: uploaded.name, link: uploaded.link } : {}),
      },
      false,
      LEASE_MS,
    );
  }
  const link =
    source.mode === 'folder'
      ? await withAccessToken(ctx, conn, (token) => entry.storage.folderLink(token, folder))
      : undefined;
  await updateClaimed(
    ctx.db,
    save,
    {
      status: 'done',
      files_done: done,
      error: null,
      completed_at: nowIso(),
      ...(link !== undefined ? { link } : {}),
    },
    true,
  );
}

/** Runs a claimed save and records how it ended: done, retried later, failed, or "reconnect". */
export async function runSave(ctx: AppContext, save: SaveRow, log?: FastifyBaseLogger) {
  try {
    await attempt(ctx, save);
    return;
  } catch (error) {
    const name = CLOUD_PROVIDER_NAMES[save.provider as CloudProvider];
    if (error instanceof ReconnectRequired) {
      await updateClaimed(
        ctx.db,
        save,
        { status: 'reconnect', error: `Reconnect ${name} and save again`, completed_at: nowIso() },
        true,
      );
      return;
    }
    if (error instanceof ProviderRetryable) {
      const delay = nextAttemptDelay(save.attempts, error.retryAfterMs);
      if (delay !== undefined) {
        await updateClaimed(
          ctx.db,
          save,
          {
            status: 'queued',
            error: error.message.slice(0, 300),
            next_attempt_at: nowIso(Date.now() + delay),
          },
          true,
        );
        return;
      }
    }
    const detail =
      error instanceof ProviderRefused || error instanceof ProviderRetryable
        ? `${name} refused the upload: ${error.message}`
        : isDomainError(error)
          ? error.detail
          : 'Saving failed';
    if (!isDomainError(error) && !(error instanceof ProviderRefused))
      log?.warn({ err: error, save: save.id }, 'cloud: save failed');
    await updateClaimed(
      ctx.db,
      save,
      { status: 'failed', error: detail.slice(0, 500), completed_at: nowIso() },
      true,
    );
  }
}

/** Runs every due save once (several processes may; each save is claimed by one). */
export async function runDueSaves(ctx: AppContext, log?: FastifyBaseLogger): Promise<number> {
  let count = 0;
  for (;;) {
    const claimed = await claimDueSaves(ctx.db, nowIso(), LEASE_MS, 5);
    if (claimed.length === 0) return count;
    for (const save of claimed) await runSave(ctx, save, log);
    count += claimed.length;
  }
}

/** Saves to cloud storage in the background while the app is up, starting as each is queued. */
export function installCloudSaver(app: FastifyInstance, ctx: AppContext) {
  installPoller(
    app,
    'cloud saver pass',
    () => runDueSaves(ctx, app.log),
    POLL_MS,
    CLOUD_SAVE_SIGNAL,
  );
}
