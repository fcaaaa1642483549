import { randomBytes } from 'node:crypto';
import { startFake, type FakeAnswer, type FakeRequest } from './fake-http.js';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FakeOAuth, Throttle } from './fake-oauth.js';

const dropboxError = (status: number, tag: string, extra: object = {}): FakeAnswer => ({
  status,
  body: { error_summary: `${tag}/`, error: { '.tag': tag }, ...extra },
});

/**
 * A local fake of Dropbox's OAuth endpoints and API v2 calls Tracery makes for an App-folder app:
 * get_current_account, files/upload and upload_session start/append_v2/finish (offsets checked),
 * autorename ("logo (1).svg"), and auth/token/revoke. Paths are per account.
 */
export async function startFakeDropbox(port = 0) {
  const oauth = new FakeOAuth('Dropbox');
  const throttle = new Throttle();
  /** account -> lower-cased path -> { path as given, bytes } */
  const files = new Map<string, { path: string; bytes: Buffer }>();
  const sessions = new Map<string, { owner: string; parts: Buffer[] }>();
  const key = (owner: string, path: string) => `${owner}:${path.toLowerCase()}`;

  const commit = (
    owner: string,
    arg: { path: string; autorename?: boolean },
    bytes: Buffer,
  ): FakeAnswer => {
    let path = arg.path;
    const dot = path.lastIndexOf('.');
    for (let n = 1; files.has(key(owner, path)); n++) {
      if (!arg.autorename)
        return dropboxError(409, 'path', {
          error: { '.tag': 'path', reason: { '.tag': 'conflict' } },
        });
      path =
        dot > path.lastIndexOf('/')
          ? `${arg.path.slice(0, dot)} (${n})${arg.path.slice(dot)}`
          : `${arg.path} (${n})`;
    }
    files.set(key(owner, path), { path, bytes });
    return {
      status: 200,
      body: {
        '.tag': 'file',
        name: path.slice(path.lastIndexOf('/') + 1),
        path_display: path,
        path_lower: path.toLowerCase(),
        id: `id:${randomBytes(6).toString('hex')}`,
        size: bytes.length,
      },
    };
  };

  const fake = await startFake((req: FakeRequest) => {
    if (req.method === 'GET' && req.path === '/oauth2/authorize') return oauth.authorize(req);
    const decided = oauth.decide(req);
    if (decided) return decided;
    if (req.method === 'POST' && req.path === '/oauth2/token')
      return oauth.token(req, (account) => ({ account_id: `dbid:${account}`, uid: '1' }));
    if (req.method !== 'POST') return dropboxError(404, 'not_found');
    const grant = oauth.bearer(req);
    if (!grant) return dropboxError(401, 'invalid_access_token');
    if (req.path === '/2/auth/token/revoke') {
      oauth.revoke(/^Bearer (.+)$/.exec(req.headers.authorization!)![1]);
      return { status: 200, body: null };
    }
    const limited = throttle.check(req, {
      error_summary: 'too_many_requests/',
      error: { reason: { '.tag': 'too_many_requests' }, retry_after: 1 },
    });
    if (limited) return limited;
    const owner = grant.account;
    if (req.path === '/2/users/get_current_account')
      return {
        status: 200,
        body: { account_id: `dbid:${owner}`, email: owner, name: { display_name: 'Designer' } },
      };
    const arg = JSON.parse(String(req.headers['dropbox-api-arg'] ?? '{}'));
    if (
      req.path.startsWith('/2/files/') &&
      req.headers['content-type'] !== 'application/octet-stream'
    )
      return {
        status: 400,
        raw: 'Bad HTTP "Content-Type" header',
        headers: { 'content-type': 'text/plain' },
      };
    if (req.path === '/2/files/upload') return commit(owner, arg, req.raw);
    if (req.path === '/2/files/upload_session/start') {
      const id = randomBytes(8).toString('hex');
      sessions.set(id, { owner, parts: [req.raw] });
      return { status: 200, body: { session_id: id } };
    }
    if (
      req.path === '/2/files/upload_session/append_v2' ||
      req.path === '/2/files/upload_session/finish'
    ) {
      const session = sessions.get(arg.cursor?.session_id);
      if (!session || session.owner !== owner) return dropboxError(409, 'lookup_failed');
      const offset = Buffer.concat(session.parts).length;
      if (arg.cursor.offset !== offset)
        return dropboxError(409, 'incorrect_offset', {
          error: { '.tag': 'incorrect_offset', correct_offset: offset },
        });
      session.parts.push(req.raw);
      if (req.path.endsWith('append_v2')) return { status: 200, body: null };
      sessions.delete(arg.cursor.session_id);
      return commit(owner, arg.commit, Buffer.concat(session.parts));
    }
    return dropboxError(404, 'not_found');
  }, port);

  return {
    ...fake,
    oauth,
    throttle,
    files,
    file: (owner: string, path: string) => files.get(key(owner, path))?.bytes,
    sessionsStarted: () =>
      fake.requests.filter((r) => r.path === '/2/files/upload_session/start').length,
    env: {
      DROPBOX_CLIENT_ID: FAKE_CLIENT_ID,
      DROPBOX_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      DROPBOX_AUTH_BASE: fake.url,
      DROPBOX_API_BASE: fake.url,
      DROPBOX_CONTENT_BASE: fake.url,
    },
  };
}
export type FakeDropbox = Awaited<ReturnType<typeof startFakeDropbox>>;
