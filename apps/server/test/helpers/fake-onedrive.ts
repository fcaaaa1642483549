import { randomBytes } from 'node:crypto';
import { accountFiles, takeRangedChunk } from './fake-cloud-files.js';
import type { FakeAnswer } from './fake-http.js';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from './fake-oauth.js';
import { startOAuthProvider } from './fake-oauth-provider.js';

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
  const store = accountFiles();
  const sessions = new Map<string, { owner: string; path: string; parts: Buffer[] }>();
  let base = '';
  const webUrl = (path: string) =>
    `https://onedrive.live.com/?path=${encodeURIComponent(`/Apps/Tracery/${path}`)}`;

  const save = (owner: string, path: string, bytes: Buffer): FakeAnswer => {
    const final = store.putRenamed(owner, path, bytes, (n) => ` ${n}`);
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

  const fake = await startOAuthProvider({
    name: 'Microsoft',
    authorizePath: '/common/oauth2/v2.0/authorize',
    tokenPath: '/common/oauth2/v2.0/token',
    open: (req) => {
      const sessionPath = /^\/upload-session\/([^/]+)$/.exec(req.path);
      if (req.method !== 'PUT' || !sessionPath) return undefined;
      if (req.headers.authorization)
        return graphError(
          401,
          'InvalidAuthenticationToken',
          'The upload URL takes no Authorization header',
        );
      const session = sessions.get(sessionPath[1]);
      if (!session) return graphError(404, 'itemNotFound', 'No such upload session');
      const have = Buffer.concat(session.parts).length;
      const taken = takeRangedChunk(req, session.parts);
      if (!taken) return graphError(416, 'invalidRange', `Bad Content-Range (have ${have})`);
      if (taken.received < taken.total)
        return { status: 202, body: { nextExpectedRanges: [`${taken.received}-`] } };
      sessions.delete(sessionPath[1]);
      return save(session.owner, session.path, Buffer.concat(session.parts));
    },
    unauthorized: graphError(
      401,
      'InvalidAuthenticationToken',
      'Access token has expired or is not yet valid.',
    ),
    throttled: { error: { code: 'activityLimitReached', message: 'Throttled' } },
    api: (req, owner) => {
      if (req.method === 'GET' && req.path === '/v1.0/me')
        return {
          status: 200,
          body: {
            id: `ms-${owner}`,
            displayName: 'Designer',
            mail: owner,
            userPrincipalName: owner,
          },
        };
      const item = new RegExp(`^${APPROOT}:/(.+?):(/content|/createUploadSession)?$`).exec(
        req.path,
      );
      if (!item) return graphError(404, 'itemNotFound', `Unknown ${req.method} ${req.path}`);
      const path = item[1].split('/').map(decodeURIComponent).join('/');
      if (req.method === 'PUT' && item[2] === '/content') {
        if (
          req.query.get('@microsoft.graph.conflictBehavior') !== 'rename' &&
          store.has(owner, path)
        )
          return graphError(409, 'nameAlreadyExists', 'The name already exists');
        return save(owner, path, req.raw);
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
        if (!store.hasFolder(owner, path)) return graphError(404, 'itemNotFound', 'No such folder');
        return {
          status: 200,
          body: { name: path.slice(path.lastIndexOf('/') + 1), folder: {}, webUrl: webUrl(path) },
        };
      }
      return graphError(400, 'invalidRequest', `Unsupported ${req.method} ${req.path}`);
    },
  });
  base = fake.url;

  return {
    ...fake,
    file: store.file,
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
