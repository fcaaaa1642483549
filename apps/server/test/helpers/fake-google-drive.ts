import { randomBytes } from 'node:crypto';
import { takeRangedChunk } from './fake-cloud-files.js';
import type { FakeAnswer } from './fake-http.js';
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from './fake-oauth.js';
import { startOAuthProvider } from './fake-oauth-provider.js';

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  parents: string[];
  owner: string;
  bytes: Buffer;
}

const FOLDER = 'application/vnd.google-apps.folder';
const driveError = (status: number, message: string, reason = 'badRequest'): FakeAnswer => ({
  status,
  body: { error: { code: status, message, errors: [{ reason, message }] } },
});

/** Splits a multipart/related body into its parts' bytes (headers dropped). */
function multipartParts(raw: Buffer, boundary: string): Buffer[] {
  const parts: Buffer[] = [];
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === '--') break;
    const next = raw.indexOf(delimiter, start);
    const part = raw.subarray(start + 2, next === -1 ? raw.length : next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    parts.push(part.subarray(headerEnd + 4));
    at = next;
  }
  return parts;
}

/**
 * A local fake of Google's OAuth endpoints and the Drive v3 calls Tracery makes: about, files.list
 * (the query forms Tracery sends), folder creation, multipart and resumable uploads (308 Resume
 * Incomplete with Range). Files are visible only to the account that created them (drive.file).
 */
export async function startFakeGoogleDrive() {
  const files = new Map<string, DriveFile>();
  const sessions = new Map<string, { meta: DriveFile; total: number; received: Buffer[] }>();
  let base = '';
  const view = (f: DriveFile) => ({
    id: f.id,
    name: f.name,
    webViewLink: `https://drive.google.com/${f.mimeType === FOLDER ? 'drive/folders' : 'file/d'}/${f.id}/view`,
  });
  const create = (
    owner: string,
    meta: { name: string; mimeType?: string; parents?: string[] },
    bytes: Buffer = Buffer.alloc(0),
  ) => {
    const file: DriveFile = {
      id: randomBytes(10).toString('hex'),
      name: meta.name,
      mimeType: meta.mimeType ?? 'application/octet-stream',
      parents: meta.parents ?? ['root'],
      owner,
      bytes,
    };
    files.set(file.id, file);
    return file;
  };

  const fake = await startOAuthProvider({
    name: 'Google',
    authorizePath: '/o/oauth2/v2/auth',
    tokenPath: '/token',
    open: (req, oauth) => {
      if (req.method !== 'POST' || req.path !== '/revoke') return undefined;
      const ok = oauth.revoke(new URLSearchParams(req.body).get('token') ?? '');
      return ok ? { status: 200, body: {} } : { status: 400, body: { error: 'invalid_token' } };
    },
    unauthorized: driveError(401, 'Request had invalid authentication credentials.', 'authError'),
    throttled: { error: { code: 429, message: 'Rate Limit Exceeded' } },
    api: (req, owner) => {
      if (req.method === 'GET' && req.path === '/drive/v3/about')
        return {
          status: 200,
          body: {
            user: { displayName: 'Designer', emailAddress: owner, permissionId: `perm-${owner}` },
          },
        };
      if (req.method === 'GET' && req.path === '/drive/v3/files') {
        const q = req.query.get('q') ?? '';
        const parent = /'((?:[^'\\]|\\.)*)' in parents/.exec(q)?.[1];
        const name = /name = '((?:[^'\\]|\\.)*)'/.exec(q)?.[1]?.replace(/\\(.)/g, '$1');
        const folderOnly = q.includes(`mimeType = '${FOLDER}'`);
        const found = [...files.values()].filter(
          (f) =>
            f.owner === owner &&
            (!parent || f.parents.includes(parent)) &&
            (name === undefined || f.name === name) &&
            (!folderOnly || f.mimeType === FOLDER),
        );
        return { status: 200, body: { files: found.map(view) } };
      }
      if (req.method === 'POST' && req.path === '/drive/v3/files')
        return { status: 200, body: view(create(owner, JSON.parse(req.body))) };
      if (req.method === 'POST' && req.path === '/upload/drive/v3/files') {
        const type = req.query.get('uploadType');
        if (type === 'multipart') {
          const boundary = /boundary=([^;]+)/.exec(req.headers['content-type'] ?? '')?.[1];
          if (!req.headers['content-type']?.startsWith('multipart/related') || !boundary)
            return driveError(400, 'Multipart upload needs multipart/related');
          const [meta, media] = multipartParts(req.raw, boundary);
          return {
            status: 200,
            body: view(create(owner, JSON.parse(meta.toString('utf8')), media)),
          };
        }
        if (type === 'resumable') {
          const total = Number(req.headers['x-upload-content-length']);
          const id = randomBytes(8).toString('hex');
          const meta = JSON.parse(req.body) as DriveFile;
          sessions.set(id, { meta: { ...meta, owner } as DriveFile, total, received: [] });
          return {
            status: 200,
            body: {},
            headers: {
              location: `${base}/upload/drive/v3/files?uploadType=resumable&upload_id=${id}`,
            },
          };
        }
        return driveError(400, 'Unknown uploadType');
      }
      if (req.method === 'PUT' && req.path === '/upload/drive/v3/files') {
        const session = sessions.get(req.query.get('upload_id') ?? '');
        if (!session) return driveError(404, 'No such upload session', 'notFound');
        const have = Buffer.concat(session.received).length;
        const taken = takeRangedChunk(req, session.received);
        if (!taken)
          return driveError(
            400,
            `Bad Content-Range ${req.headers['content-range']} (have ${have})`,
          );
        if (taken.received < session.total)
          return { status: 308, raw: '', headers: { range: `bytes=0-${taken.received - 1}` } };
        sessions.delete(req.query.get('upload_id')!);
        return {
          status: 200,
          body: view(create(owner, session.meta, Buffer.concat(session.received))),
        };
      }
      return driveError(404, `Unknown ${req.method} ${req.path}`, 'notFound');
    },
  });
  base = fake.url;

  /** The files of an account under a folder path from My Drive (["Tracery", "batch"]). */
  const filesIn = (owner: string, path: string[]) => {
    let parent = 'root';
    for (const name of path) {
      const folder = [...files.values()].find(
        (f) =>
          f.owner === owner &&
          f.mimeType === FOLDER &&
          f.name === name &&
          f.parents.includes(parent),
      );
      if (!folder) return [];
      parent = folder.id;
    }
    return [...files.values()].filter(
      (f) => f.owner === owner && f.parents.includes(parent) && f.mimeType !== FOLDER,
    );
  };

  return {
    ...fake,
    files,
    filesIn,
    sessionsStarted: () =>
      fake.requests.filter((r) => r.query.get('uploadType') === 'resumable' && r.method === 'POST')
        .length,
    env: {
      GOOGLE_OAUTH_CLIENT_ID: FAKE_CLIENT_ID,
      GOOGLE_OAUTH_CLIENT_SECRET: FAKE_CLIENT_SECRET,
      GOOGLE_OAUTH_AUTH_BASE: fake.url,
      GOOGLE_OAUTH_TOKEN_BASE: fake.url,
      GOOGLE_DRIVE_API_BASE: fake.url,
    },
  };
}
export type FakeGoogleDrive = Awaited<ReturnType<typeof startFakeGoogleDrive>>;
