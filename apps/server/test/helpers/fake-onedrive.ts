import { randomBytes } from 'node:crypto';
import { startFake, type FakeAnswer, type FakeRequest } from './fake-http.js';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeOAuth, Throttle } from './fake-oauth.js';

const graphError = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { error: { code, message } },
});
const APPROOT = '/v1.0/me/drive/special/approot';

/**
 * A local fake of the Microsoft identity platform (v2.0 authorize/token) and the Graph calls
 * Tracery makes: /me, PUT …/approot:/path:/content, createUploadSession with ranged PUTs to the
 * session URL (which refuses an Authorization header, as Graph does), and folder lookups.
 * conflictBehavior=rename numbers a clash "logo 1.svg".
 */
export async function startFakeOneDrive() {
  const oauth = new FakeOAuth('Microsoft');
  const throttle = new Throttle();
  const files = new Map<string, { path: string; bytes: Buffer }>();
  const sessions = new Map<string, { owner: string; path: string; parts: Buffer[] }>();
  let base = '';
  const key = (owner: string, path: string) => `${owner}:${path.toLowerCase()}`;
  const webUrl = (path: string) =>
    `https://onedrive.live.com/?path=${encodeURIComponent(`/Apps/Tracery/${path}`)}`;

  const store = (owner: string, path: string, bytes: Buffer): FakeAnswer => {
    let final = path;
    const dot = path.lastIndexOf('.');
    for (let n = 1; files.has(key(owner, final)); n++)
      final =
        dot > path.lastIndexOf('/')
          ? `${path.slice(0, dot)} ${n}${path.slice(dot)}`
          : `${path} ${n}`;
    files.set(key(owner, final), { path: final, bytes });
    return {
      status: 201,
      body: {
        id: randomBytes(8).toString('hex'),
        name: final.slice(final.lastIndexOf('/') + 1),
        size: bytes.length,
        webUrl: webUrl(final),
      },
    };
  };

  const fake = await startFake((req: FakeRequest) => {
    if (req.method === 'GET' && req.path === '/common/oauth2/v2.0/authorize')
      return oauth.authorize(req);
    const decided = oauth.decide(req);
    if (decided) return decided;
    if (req.method === 'POST' && req.path === '/common/oauth2/v2.0/token') return oauth.token(req);
    const sessionPath = /^\/upload-session\/([^/]+)$/.exec(req.path);
    if (req.method === 'PUT' && sessionPath) {
      if (req.headers.authorization)
        return graphError(
          401,
          'InvalidAuthenticationToken',
          'The upload URL takes no Authorization header',
        );
      const session = sessions.get(sessionPath[1]);
      if (!session) return graphError(404, 'itemNotFound', 'No such upload session');
      const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
      const have = Buffer.concat(session.parts).length;
      if (
        !range ||
        Number(range[1]) !== have ||
        Number(range[2]) - Number(range[1]) + 1 !== req.raw.length
      )
        return graphError(416, 'invalidRange', `Bad Content-Range (have ${have})`);
      session.parts.push(req.raw);
      if (have + req.raw.length < Number(range[3]))
        return { status: 202, body: { nextExpectedRanges: [`${have + req.raw.length}-`] } };
      sessions.delete(sessionPath[1]);
      return store(session.owner, session.path, Buffer.concat(session.parts));
    }
    const grant = oauth.bearer(req);
    if (!grant)
      return graphError(
        401,
        'InvalidAuthenticationToken',
        'Access token has expired or is not yet valid.',
      );
    const limited = throttle.check(req, {
      error: { code: 'activityLimitReached', message: 'Throttled' },
    });
    if (limited) return limited;
    const owner = grant.account;
    if (req.method === 'GET' && req.path === '/v1.0/me')
      return {
        status: 200,
        body: { id: `ms-${owner}`, displayName: 'Designer', mail: owner, userPrincipalName: owner },
      };
    const item = new RegExp(`^${APPROOT}:/(.+?):(/content|/createUploadSession)?$`).exec(req.path);
    if (!item) return graphError(404, 'itemNotFound', `Unknown ${req.method} ${req.path}`);
    const path = item[1].split('/').map(decodeURIComponent).join('/');
    if (req.method === 'PUT' && item[2] === '/content') {
      if (
        req.query.get('@microsoft.graph.conflictBehavior') !== 'rename' &&
        files.has(key(owner, path))
      )
        return graphError(409, 'nameAlreadyExists', 'The name already exists');
      return store(owner, path, req.raw);
    }
    if (req.method === 'POST' && item[2] === '/createUploadSession') {
      const id = randomBytes(8).toString('hex');
      sessions.set(id, { owner, path, parts: [] });
      return {
        status: 200,
        body: {
          uploadUrl: `${base}/upload-session/${id}`,
          expirationDateTime: new Date(Date.now() + 3600_000).toISOString(),
        },
      };
    }
    if (req.method === 'GET' && !item[2]) {
      const prefix = `${owner}:${path.toLowerCase()}/`;
      if (![...files.keys()].some((k) => k.startsWith(prefix)))
        return graphError(404, 'itemNotFound', 'No such folder');
      return {
        status: 200,
        body: { name: path.slice(path.lastIndexOf('/') + 1), folder: {}, webUrl: webUrl(path) },
      };
    }
    return graphError(400, 'invalidRequest', `Unsupported ${req.method} ${req.path}`);
  });
  base = fake.url;

  return {
    ...fake,
    oauth,
    throttle,
    files,
    file: (owner: string, path: string) => files.get(key(owner, path))?.bytes,
    sessionsStarted: () =>
      fake.requests.filter((r) => r.path.endsWith(':/createUploadSession')).length,
    env: {
      MICROSOFT_CLIENT_ID: FAKE_CLIENT_ID,
      MICROSOFT_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      MICROSOFT_AUTH_BASE: fake.url,
      MICROSOFT_GRAPH_BASE: fake.url,
    },
  };
}
export type FakeOneDrive = Awaited<ReturnType<typeof startFakeOneDrive>>;
