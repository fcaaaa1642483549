import { randomBytes } from 'node:crypto';
import { accountFiles } from './fake-cloud-files.js';
import type { FakeAnswer } from './fake-http.js';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from './fake-oauth.js';
import { startOAuthProvider } from './fake-oauth-provider.js';

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
  const store = accountFiles();
  const sessions = new Map<string, { owner: string; parts: Buffer[] }>();

  const commit = (
    owner: string,
    arg: { path: string; autorename?: boolean },
    bytes: Buffer,
  ): FakeAnswer => {
    if (!arg.autorename && store.has(owner, arg.path))
      return dropboxError(409, 'path', {
        error: { '.tag': 'path', reason: { '.tag': 'conflict' } },
      });
    const path = store.putRenamed(owner, arg.path, bytes, (n) => ` (${n})`);
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

  const fake = await startOAuthProvider({
    name: 'Dropbox',
    authorizePath: '/oauth2/authorize',
    tokenPath: '/oauth2/token',
    tokenExtra: (account) => ({ account_id: `dbid:${account}`, uid: '1' }),
    port,
    open: (req) => (req.method !== 'POST' ? dropboxError(404, 'not_found') : undefined),
    unauthorized: dropboxError(401, 'invalid_access_token'),
    throttled: {
      error_summary: 'too_many_requests/',
      error: { reason: { '.tag': 'too_many_requests' }, retry_after: 1 },
    },
    api: (req, owner, oauth) => {
      if (req.path === '/2/auth/token/revoke') {
        oauth.revoke(/^Bearer (.+)$/.exec(req.headers.authorization!)![1]);
        return { status: 200, body: null };
      }
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
    },
  });

  return {
    ...fake,
    file: store.file,
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
