/** How a storage provider's answer is sorted into what the save job does next. */

/** The access token was refused: refresh it once and try again. */
export class ProviderUnauthorized extends Error {}

/** Worth trying again later: 429, 5xx, a network failure. `retryAfterMs` is the provider's ask. */
export class ProviderRetryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** The provider refused for good (a 4xx other than 401/429): the save fails with this message. */
export class ProviderRefused extends Error {}

/** The grant is revoked or expired: only connecting the account again helps. */
export class ReconnectRequired extends Error {}

const TIMEOUT_MS = 60_000;

/** Retry-After as delta-seconds or an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Google answers some rate limits with 403 and a reason in the body. */
const RATE_LIMIT_REASON = /"reason"\s*:\s*"(rateLimitExceeded|userRateLimitExceeded)"/;

/**
 * One request to a provider. Answers 2xx (and 308, Google's "resume incomplete") are returned;
 * anything else becomes one of the errors above. Redirects are never followed.
 */
export async function providerFetch(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new ProviderRetryable(`Could not reach the provider: ${(error as Error).message}`);
  }
  if ((response.status >= 200 && response.status < 300) || response.status === 308) return response;
  const body = await response.text().catch(() => '');
  const summary = `HTTP ${response.status}${body ? `: ${body.slice(0, 200)}` : ''}`;
  if (response.status === 401) throw new ProviderUnauthorized(summary);
  if (
    response.status === 429 ||
    response.status >= 500 ||
    (response.status === 403 && RATE_LIMIT_REASON.test(body))
  )
    throw new ProviderRetryable(summary, retryAfterMs(response.headers.get('retry-after')));
  throw new ProviderRefused(summary);
}

/** The JSON body of a successful answer. */
export async function jsonOf<T>(response: Response): Promise<T> {
  try {
    return (await response.json()) as T;
  } catch {
    throw new ProviderRetryable(`The provider answered HTTP ${response.status} without JSON`);
  }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
