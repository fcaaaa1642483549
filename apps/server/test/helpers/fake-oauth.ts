import { createHash, randomBytes } from 'node:crypto';
import type { FakeAnswer, FakeRequest } from './fake-http.js';

export const FAKE_CLIENT_ID = 'tracery-test-client';
export const FAKE_CLIENT_SECRET = 'tracery-test-secret-0123456789';

interface PendingConsent {
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string;
  scope: string;
}

interface Grant {
  account: string;
  refreshToken: string;
  revoked: boolean;
}

const token = (prefix: string) => `${prefix}.${randomBytes(18).toString('base64url')}`;

/**
 * The OAuth 2.0 side of a provider fake: an authorization page, a token endpoint that checks
 * client credentials, redirect URI and the PKCE verifier (S256 only), refresh tokens, and
 * revocation. Each fake mounts it on its provider's real paths.
 */
export class FakeOAuth {
  readonly consents = new Map<string, PendingConsent>();
  private readonly codes = new Map<string, PendingConsent & { account: string }>();
  readonly grants: Grant[] = [];
  private readonly access = new Map<string, Grant>();
  /** Every token request that failed PKCE (tests assert the verifier is checked). */
  readonly pkceFailures: string[] = [];
  /** The account the next consent signs in as. */
  account = 'designer@example.com';

  constructor(private readonly name: string) {}

  /** GET authorize: the consent page (its Allow link is what a user clicks). */
  authorize(req: FakeRequest): FakeAnswer {
    const q = req.query;
    if (q.get('client_id') !== FAKE_CLIENT_ID || q.get('response_type') !== 'code')
      return { status: 400, raw: 'invalid_request', headers: { 'content-type': 'text/plain' } };
    if (q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
      return { status: 400, raw: 'PKCE S256 required', headers: { 'content-type': 'text/plain' } };
    const id = randomBytes(9).toString('base64url');
    this.consents.set(id, {
      clientId: FAKE_CLIENT_ID,
      redirectUri: q.get('redirect_uri') ?? '',
      state: q.get('state') ?? '',
      challenge: q.get('code_challenge')!,
      scope: q.get('scope') ?? '',
    });
    const html = `<!doctype html><html><head><title>${this.name}: allow access</title></head><body>
<h1>${this.name}</h1><p>Tracery wants to save files to your ${this.name} (${q.get('scope')}).</p>
<a href="/fake-consent/${id}/allow">Allow</a> <a href="/fake-consent/${id}/deny">Cancel</a></body></html>`;
    return { status: 200, raw: html, headers: { 'content-type': 'text/html; charset=utf-8' } };
  }

  /** The consent's outcome: a redirect back to the app with a code (or an error) and the state. */
  decide(req: FakeRequest): FakeAnswer | undefined {
    const m = /^\/fake-consent\/([^/]+)\/(allow|deny)$/.exec(req.path);
    if (!m) return undefined;
    return {
      status: 302,
      raw: '',
      headers: { location: this.redirectFor(m[1], m[2] === 'allow') },
    };
  }

  /** The URL the provider would send the browser to (tests skip the page). */
  redirectFor(consentId: string, allow = true): string {
    const consent = this.consents.get(consentId);
    if (!consent) throw new Error('unknown consent');
    this.consents.delete(consentId);
    const url = new URL(consent.redirectUri);
    url.searchParams.set('state', consent.state);
    if (!allow) url.searchParams.set('error', 'access_denied');
    else {
      const code = token('code');
      this.codes.set(code, { ...consent, account: this.account });
      url.searchParams.set('code', code);
    }
    return url.toString();
  }

  /** Approves the consent an authorization URL opened (what clicking Allow does). */
  async approve(authorizationUrl: string): Promise<string> {
    const page = await fetch(authorizationUrl);
    const html = await page.text();
    const id = /\/fake-consent\/([^/]+)\/allow/.exec(html)?.[1];
    if (!id) throw new Error(`no consent page: ${page.status} ${html}`);
    return this.redirectFor(id);
  }

  private clientOk(req: FakeRequest, form: URLSearchParams): boolean {
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? Buffer.from(basic, 'base64').toString('utf8').split(':')
      : [form.get('client_id'), form.get('client_secret')];
    return id === FAKE_CLIENT_ID && secret === FAKE_CLIENT_SECRET;
  }

  private issue(grant: Grant, withRefresh: boolean, extra: object = {}): FakeAnswer {
    const accessToken = token('at');
    this.access.set(accessToken, grant);
    return {
      status: 200,
      body: {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: 3600,
        ...(withRefresh ? { refresh_token: grant.refreshToken } : {}),
        ...extra,
      },
    };
  }

  /** POST token: authorization_code (with PKCE) and refresh_token grants, RFC 6749 errors. */
  token(req: FakeRequest, extra: (account: string) => object = () => ({})): FakeAnswer {
    const form = new URLSearchParams(req.body);
    const error = (code: string, status = 400): FakeAnswer => ({ status, body: { error: code } });
    if (!this.clientOk(req, form)) return error('invalid_client', 401);
    if (form.get('grant_type') === 'authorization_code') {
      const code = this.codes.get(form.get('code') ?? '');
      if (!code) return error('invalid_grant');
      this.codes.delete(form.get('code')!);
      if (form.get('redirect_uri') !== code.redirectUri) return error('invalid_grant');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== code.challenge) {
        this.pkceFailures.push(verifier);
        return error('invalid_grant');
      }
      const grant: Grant = { account: code.account, refreshToken: token('rt'), revoked: false };
      this.grants.push(grant);
      return this.issue(grant, true, extra(grant.account));
    }
    if (form.get('grant_type') === 'refresh_token') {
      const grant = this.grants.find((g) => g.refreshToken === form.get('refresh_token'));
      if (!grant || grant.revoked) return error('invalid_grant');
      return this.issue(grant, false);
    }
    return error('unsupported_grant_type');
  }

  /** The grant of a request's bearer token, or undefined (the caller answers 401). */
  bearer(req: FakeRequest): Grant | undefined {
    const t = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const grant = t ? this.access.get(t) : undefined;
    return grant && !grant.revoked ? grant : undefined;
  }

  /** Revokes the grant a token (access or refresh) belongs to. */
  revoke(tokenValue: string): boolean {
    const grant =
      this.access.get(tokenValue) ?? this.grants.find((g) => g.refreshToken === tokenValue);
    if (!grant) return false;
    grant.revoked = true;
    return true;
  }

  /** Every access token issued so far stops working (as when they expire early). */
  expireAccessTokens(): void {
    this.access.clear();
  }

  /** The user revokes the app at the provider: refresh tokens stop working too. */
  revokeAll(): void {
    for (const grant of this.grants) grant.revoked = true;
  }
}

/** Answers the next `count` matching requests with 429 and a Retry-After, then lets them pass. */
export class Throttle {
  private rules: { match: RegExp; count: number; retryAfter: string }[] = [];
  readonly throttled: string[] = [];

  next(match: RegExp, count = 1, retryAfter = '1'): void {
    this.rules.push({ match, count, retryAfter });
  }

  check(req: FakeRequest, body: unknown): FakeAnswer | undefined {
    const rule = this.rules.find((r) => r.count > 0 && r.match.test(req.path));
    if (!rule) return undefined;
    rule.count--;
    this.throttled.push(req.path);
    return { status: 429, body, headers: { 'retry-after': rule.retryAfter } };
  }
}
