import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  UnexpectedResponseError,
  type OAuth2Tokens,
} from 'arctic';
import {
  cheapestPlanWithCloudSave,
  CLOUD_PROVIDER_NAMES,
  planOf,
  type CloudProvider,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { payerFor } from '../teams/pool.js';
import { addMs, nowIso } from '../time.js';
import { ProviderRetryable, ProviderUnauthorized, ReconnectRequired } from './provider-http.js';
import { buildCloudProviders, type CloudProviderEntry } from './providers/registry.js';
import { updateConnection, type ConnectionRow } from './repository.js';
import { openToken, sealToken } from './token-crypto.js';

const registries = new WeakMap<object, ReturnType<typeof buildCloudProviders>>();

/** The configured providers (built once per configuration). */
export function cloudProviders(ctx: AppContext) {
  let registry = registries.get(ctx.config.cloud);
  if (!registry)
    registries.set(ctx.config.cloud, (registry = buildCloudProviders(ctx.config.cloud)));
  return registry;
}

export function providerEntry(ctx: AppContext, provider: CloudProvider): CloudProviderEntry {
  const entry = cloudProviders(ctx)[provider];
  if (!entry)
    throw new DomainError(
      'SERVICE_NOT_CONFIGURED',
      `${CLOUD_PROVIDER_NAMES[provider]} is not configured on this server`,
    );
  return entry;
}

/** Where the provider sends the browser back: register exactly this URL with the provider. */
export const redirectUri = (ctx: AppContext, provider: CloudProvider) =>
  `${ctx.config.publicUrl}/api/cloud/${provider}/callback`;

export function oauthClient(ctx: AppContext, provider: CloudProvider): OAuth2Client {
  const entry = providerEntry(ctx, provider);
  return new OAuth2Client(entry.clientId, entry.clientSecret, redirectUri(ctx, provider));
}

export function authorizationUrl(
  ctx: AppContext,
  provider: CloudProvider,
  state: string,
  verifier: string,
): string {
  const { storage } = providerEntry(ctx, provider);
  const url = oauthClient(ctx, provider).createAuthorizationURLWithPKCE(
    storage.authorizationEndpoint,
    state,
    CodeChallengeMethod.S256,
    verifier,
    storage.scopes,
  );
  for (const [k, v] of Object.entries(storage.authorizationParams)) url.searchParams.set(k, v);
  return url.toString();
}

/** Cloud saving follows the plan catalogue (a team member has the team's plan). */
export async function assertCloudPlan(ctx: AppContext, user: UserRow): Promise<void> {
  const payer = await payerFor(ctx.db, user);
  if (!planOf(payer.plan_id).cloudSave)
    throw new DomainError(
      'PLAN_REQUIRED',
      `Saving to cloud storage is included from the ${cheapestPlanWithCloudSave().name} plan`,
    );
}

/** Tokens are sealed to their row's account and provider. */
export const tokenContext = (userId: string, provider: string) => `${userId}:${provider}`;

export function sealedTokens(
  ctx: AppContext,
  userId: string,
  provider: string,
  tokens: OAuth2Tokens,
  previousRefresh: string | null = null,
) {
  const key = ctx.config.cloud.tokenKey;
  const context = tokenContext(userId, provider);
  const refresh = tokens.hasRefreshToken() ? tokens.refreshToken() : previousRefresh;
  const data = tokens.data as { expires_in?: unknown };
  return {
    access_token: sealToken(key, tokens.accessToken(), context),
    refresh_token: refresh ? sealToken(key, refresh, context) : null,
    expires_at:
      typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt().toISOString() : null,
  };
}

export function openTokens(ctx: AppContext, conn: ConnectionRow) {
  const key = ctx.config.cloud.tokenKey;
  const context = tokenContext(conn.user_id, conn.provider);
  return {
    accessToken: openToken(key, conn.access_token, context),
    refreshToken: conn.refresh_token ? openToken(key, conn.refresh_token, context) : null,
  };
}

/** A token-endpoint failure: the provider's refusal means the grant is gone; the rest may pass. */
export function tokenEndpointError(error: unknown): Error {
  if (error instanceof ArcticFetchError)
    return new ProviderRetryable(`Could not reach the provider: ${error.message}`);
  if (error instanceof UnexpectedResponseError && (error.status === 429 || error.status >= 500))
    return new ProviderRetryable(`The token endpoint answered HTTP ${error.status}`);
  if (error instanceof OAuth2RequestError)
    return new ReconnectRequired(`The provider refused the grant (${error.code})`);
  return new ReconnectRequired(`The provider refused the grant (${(error as Error).message})`);
}

const EXPIRY_MARGIN_MS = 60_000;

async function refreshed(ctx: AppContext, conn: ConnectionRow): Promise<string> {
  const { refreshToken } = openTokens(ctx, conn);
  if (!refreshToken) throw await markReconnect(ctx, conn, 'The grant has no refresh token');
  const { storage } = providerEntry(ctx, conn.provider as CloudProvider);
  let tokens: OAuth2Tokens;
  try {
    tokens = await oauthClient(ctx, conn.provider as CloudProvider).refreshAccessToken(
      storage.tokenEndpoint,
      refreshToken,
      [],
    );
  } catch (error) {
    const e = tokenEndpointError(error);
    throw e instanceof ReconnectRequired ? await markReconnect(ctx, conn, e.message) : e;
  }
  const sealed = sealedTokens(ctx, conn.user_id, conn.provider, tokens, refreshToken);
  await updateConnection(ctx.db, conn.id, sealed);
  Object.assign(conn, sealed);
  return tokens.accessToken();
}

async function markReconnect(ctx: AppContext, conn: ConnectionRow, why: string) {
  await updateConnection(ctx.db, conn.id, { status: 'reconnect' });
  conn.status = 'reconnect';
  return new ReconnectRequired(why);
}

/**
 * Runs `call` with a valid access token: refreshed first when it is (about to be) expired, and
 * refreshed once more when the provider answers 401 anyway. A refused refresh marks the
 * connection "reconnect".
 */
export async function withAccessToken<T>(
  ctx: AppContext,
  conn: ConnectionRow,
  call: (token: string) => Promise<T>,
): Promise<T> {
  if (conn.status !== 'connected') throw new ReconnectRequired('The connection needs reconnecting');
  const { accessToken } = openTokens(ctx, conn);
  const expired = conn.expires_at !== null && conn.expires_at <= addMs(nowIso(), EXPIRY_MARGIN_MS);
  let token = accessToken && !expired ? accessToken : await refreshed(ctx, conn);
  try {
    return await call(token);
  } catch (error) {
    if (!(error instanceof ProviderUnauthorized)) throw error;
  }
  token = await refreshed(ctx, conn);
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof ProviderUnauthorized)
      throw await markReconnect(ctx, conn, 'The provider refuses the refreshed token');
    throw error;
  }
}
