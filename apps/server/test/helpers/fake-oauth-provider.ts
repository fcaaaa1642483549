import { startFake, type FakeAnswer, type FakeRequest } from './fake-http.js';
import { FakeOAuth, Throttle } from './fake-oauth.js';

/** A cloud provider's fake: its name, where it serves OAuth, and how it answers its own API. */
export interface OAuthProviderSpec {
  name: string;
  authorizePath: string;
  tokenPath: string;
  /** Fields the provider adds to a token answer (Dropbox's account_id, say). */
  tokenExtra?: (account: string) => object;
  /** Requests answered without a bearer token (an upload session's URL, a revocation). */
  open?: (req: FakeRequest, oauth: FakeOAuth) => FakeAnswer | undefined;
  /** The provider's answer to a missing or revoked access token, and the body of its 429. */
  unauthorized: FakeAnswer;
  throttled: unknown;
  /** A request with the access token of `owner` that the throttle let through. */
  api: (req: FakeRequest, owner: string, oauth: FakeOAuth) => FakeAnswer;
  port?: number;
}

/**
 * The part every cloud fake shares: a local server with the provider's consent page, consent
 * outcome and token endpoint (FakeOAuth) on its real paths, and a Throttle for its API.
 */
export async function startOAuthProvider(spec: OAuthProviderSpec) {
  const oauth = new FakeOAuth(spec.name);
  const throttle = new Throttle();
  const fake = await startFake((req) => {
    if (req.method === 'GET' && req.path === spec.authorizePath) return oauth.authorize(req);
    const decided = oauth.decide(req);
    if (decided) return decided;
    if (req.method === 'POST' && req.path === spec.tokenPath)
      return oauth.token(req, spec.tokenExtra);
    const open = spec.open?.(req, oauth);
    if (open) return open;
    const grant = oauth.bearer(req);
    if (!grant) return spec.unauthorized;
    return throttle.check(req, spec.throttled) ?? spec.api(req, grant.account, oauth);
  }, spec.port);
  return { ...fake, oauth, throttle };
}
