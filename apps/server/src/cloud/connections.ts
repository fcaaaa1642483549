import { generateCodeVerifier, generateState } from 'arctic';
import {
  cheapestPlanWithCloudSave,
  CLOUD_PROVIDER_NAMES,
  CLOUD_PROVIDERS,
  DEFAULT_CLOUD_FOLDER,
  planOf,
  type CloudConnections,
  type CloudProvider,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { payerFor } from '../teams/pool.js';
import {
  assertCloudPlan,
  authorizationUrl,
  cloudProviders,
  oauthClient,
  openTokens,
  providerEntry,
  sealedTokens,
  tokenEndpointError,
  withAccessToken,
} from './grant.js';
import {
  connectionsOf,
  deleteConnection,
  deleteSavesOf,
  endWaitingSaves,
  findConnection,
  insertState,
  takeState,
  updateConnection,
  upsertConnection,
} from './repository.js';
import { openToken, sealToken } from './token-crypto.js';

const STATE_TTL_MS = 10 * 60_000;

export interface Logger {
  warn(obj: object, msg: string): void;
}

/** The folder results go into, as shown: the app's folder, or a subfolder of it. */
export function folderLabel(ctx: AppContext, provider: CloudProvider, folder: string): string {
  const appFolder =
    (provider === 'dropbox' && ctx.config.cloud.dropbox?.appFolder) || DEFAULT_CLOUD_FOLDER;
  const root =
    provider === 'google_drive' ? `My Drive/${DEFAULT_CLOUD_FOLDER}` : `Apps/${appFolder}`;
  return folder ? `${root}/${folder}` : root;
}

const UNCONNECTED = { account: null, folder: null, subfolder: null };

export async function listConnections(ctx: AppContext, user: UserRow): Promise<CloudConnections> {
  const rows = await connectionsOf(ctx.db, user.id);
  const configured = cloudProviders(ctx);
  const payer = await payerFor(ctx.db, user);
  return {
    allowed: planOf(payer.plan_id).cloudSave,
    plan_required: cheapestPlanWithCloudSave().id,
    connections: CLOUD_PROVIDERS.map((provider) => {
      const row = rows.find((r) => r.provider === provider);
      const base = { provider, name: CLOUD_PROVIDER_NAMES[provider] };
      if (!configured[provider])
        return { ...base, state: 'not_configured' as const, ...UNCONNECTED };
      if (!row) return { ...base, state: 'disconnected' as const, ...UNCONNECTED };
      return {
        ...base,
        state: row.status === 'connected' ? ('connected' as const) : ('reconnect' as const),
        account: row.account_name,
        folder: folderLabel(ctx, provider, row.folder),
        subfolder: row.folder,
      };
    }),
  };
}

/**
 * Starts the authorization code flow with PKCE (S256): a single-use state bound to this account
 * (and, by the caller, to this browser by a cookie), the verifier sealed at rest.
 */
export async function startConnect(ctx: AppContext, user: UserRow, provider: CloudProvider) {
  providerEntry(ctx, provider);
  await assertCloudPlan(ctx, user);
  const state = generateState();
  const verifier = generateCodeVerifier();
  await insertState(ctx.db, {
    state,
    user_id: user.id,
    provider,
    code_verifier: sealToken(ctx.config.cloud.tokenKey, verifier, `state:${state}`),
    ttlMs: STATE_TTL_MS,
  });
  return { state, url: authorizationUrl(ctx, provider, state, verifier) };
}

/** Why a callback did not connect, in words for the page it returns to. */
export class CallbackRefused extends Error {}

/**
 * The provider's redirect back: the state must be one this server issued, unused, unexpired,
 * for this provider, and the same the browser's cookie holds; then the code is exchanged with
 * the verifier and the account named.
 */
export async function finishConnect(
  ctx: AppContext,
  provider: CloudProvider,
  query: { code?: string; state?: string; error?: string },
  browserState: string | undefined,
): Promise<void> {
  const name = CLOUD_PROVIDER_NAMES[provider];
  if (!query.state || !browserState || query.state !== browserState)
    throw new CallbackRefused(`The ${name} sign-in did not start in this browser: connect again`);
  const row = await takeState(ctx.db, query.state);
  if (!row || row.provider !== provider)
    throw new CallbackRefused(`The ${name} sign-in expired or was already used: connect again`);
  if (query.error || !query.code)
    throw new CallbackRefused(
      query.error === 'access_denied'
        ? `Access to ${name} was not allowed`
        : `${name} did not complete the sign-in (${query.error ?? 'no code'})`,
    );
  const verifier = openToken(ctx.config.cloud.tokenKey, row.code_verifier, `state:${row.state}`);
  if (!verifier)
    throw new CallbackRefused(`The ${name} sign-in could not be verified: connect again`);
  const { storage } = providerEntry(ctx, provider);
  let tokens;
  try {
    tokens = await oauthClient(ctx, provider).validateAuthorizationCode(
      storage.tokenEndpoint,
      query.code,
      verifier,
    );
  } catch (error) {
    throw new CallbackRefused(`${name} refused the sign-in: ${tokenEndpointError(error).message}`);
  }
  let account;
  try {
    account = await storage.account(tokens.accessToken());
  } catch (error) {
    throw new CallbackRefused(`${name} did not name the account: ${(error as Error).message}`);
  }
  await upsertConnection(ctx.db, {
    user_id: row.user_id,
    provider,
    account_id: account.id,
    account_name: account.name,
    ...sealedTokens(ctx, row.user_id, provider, tokens),
    status: 'connected',
  });
}

export async function setFolder(
  ctx: AppContext,
  user: UserRow,
  provider: CloudProvider,
  folder: string,
): Promise<void> {
  const conn = await findConnection(ctx.db, user.id, provider);
  if (!conn)
    throw new DomainError('NOT_FOUND', `${CLOUD_PROVIDER_NAMES[provider]} is not connected`);
  await updateConnection(ctx.db, conn.id, { folder });
}

/**
 * Revokes the grant with the provider (where it has a way to), then forgets the tokens. A
 * provider that cannot be reached does not keep the tokens here: they are deleted anyway.
 */
export async function disconnect(
  ctx: AppContext,
  user: UserRow,
  provider: CloudProvider,
  log?: Logger,
): Promise<{ revoked: boolean }> {
  const conn = await findConnection(ctx.db, user.id, provider);
  if (!conn)
    throw new DomainError('NOT_FOUND', `${CLOUD_PROVIDER_NAMES[provider]} is not connected`);
  let revoked = false;
  const entry = cloudProviders(ctx)[provider];
  const tokens = openTokens(ctx, conn);
  if (entry && tokens.accessToken) {
    try {
      revoked =
        conn.status === 'connected' && provider === 'dropbox'
          ? // Dropbox revokes with the (fresh) access token itself.
            await withAccessToken(ctx, conn, (token) =>
              entry.storage.revoke({ accessToken: token, refreshToken: null }),
            )
          : await entry.storage.revoke({
              accessToken: tokens.accessToken,
              refreshToken: tokens.refreshToken,
            });
    } catch (error) {
      log?.warn({ err: error, provider, user: user.id }, 'cloud: revoking the grant failed');
    }
  }
  await deleteConnection(ctx.db, conn.id);
  await endWaitingSaves(
    ctx.db,
    user.id,
    provider,
    `${CLOUD_PROVIDER_NAMES[provider]} was disconnected`,
  );
  return { revoked };
}

/** A deleted account: every grant revoked (where possible), its tokens and saves forgotten. */
export async function forgetCloudAccount(ctx: AppContext, user: UserRow, log?: Logger) {
  for (const conn of await connectionsOf(ctx.db, user.id))
    await disconnect(ctx, user, conn.provider as CloudProvider, log);
  await deleteSavesOf(ctx.db, user.id);
}
