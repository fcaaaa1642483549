import type { CloudProviderConfig } from '../../config.js';
import { DEFAULT_CLOUD_FOLDER } from '@tracery/contracts';
import {
  bearer,
  jsonOf,
  providerFetch,
  ProviderRefused,
  ProviderRetryable,
} from '../provider-http.js';
import { numberedName } from '../names.js';
import type { Chunking, CloudStorage, GrantTokens, UploadFile, Uploaded } from './types.js';

const FOLDER_TYPE = 'application/vnd.google-apps.folder';
const FILE_FIELDS = 'id,name,webViewLink';

interface DriveFile {
  id: string;
  name: string;
  webViewLink?: string;
}

/** A string literal of Drive's query language. */
const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Google Drive v3 with the `drive.file` scope: the app sees only the files it created, so its
 * folder is a "Tracery" folder in My Drive that it creates itself.
 */
export class GoogleDrive implements CloudStorage {
  readonly id = 'google_drive' as const;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly scopes = ['https://www.googleapis.com/auth/drive.file'];
  // A refresh token on every consent (Google sends one only with access_type=offline).
  readonly authorizationParams = { access_type: 'offline', prompt: 'consent' };

  constructor(private readonly config: CloudProviderConfig) {
    this.authorizationEndpoint = `${config.authBase}/o/oauth2/v2/auth`;
    this.tokenEndpoint = `${config.tokenBase}/token`;
  }

  private api(path: string, query: Record<string, string> = {}) {
    const url = new URL(`${this.config.apiBase}${path}`);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  }

  async account(token: string) {
    const res = await providerFetch(
      this.api('/drive/v3/about', { fields: 'user(displayName,emailAddress,permissionId)' }),
      { headers: bearer(token) },
    );
    const { user } = await jsonOf<{
      user: { displayName?: string; emailAddress?: string; permissionId: string };
    }>(res);
    return {
      id: user.permissionId,
      name: user.emailAddress ?? user.displayName ?? 'Google account',
    };
  }

  private async list(token: string, q: string): Promise<DriveFile[]> {
    const res = await providerFetch(
      this.api('/drive/v3/files', {
        q,
        fields: `files(${FILE_FIELDS})`,
        spaces: 'drive',
        pageSize: '1000',
      }),
      { headers: bearer(token) },
    );
    return (await jsonOf<{ files: DriveFile[] }>(res)).files;
  }

  /** The folder at `path` under My Drive, created where missing. */
  private async folder(token: string, path: string[]): Promise<DriveFile> {
    let parent: DriveFile = { id: 'root', name: '' };
    for (const name of path) {
      const found = await this.list(
        token,
        `name = ${literal(name)} and mimeType = '${FOLDER_TYPE}' and ${literal(parent.id)} in parents and trashed = false`,
      );
      if (found[0]) {
        parent = found[0];
        continue;
      }
      const res = await providerFetch(this.api('/drive/v3/files', { fields: FILE_FIELDS }), {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json; charset=UTF-8' },
        body: JSON.stringify({ name, mimeType: FOLDER_TYPE, parents: [parent.id] }),
      });
      parent = await jsonOf<DriveFile>(res);
    }
    return parent;
  }

  private root = (folder: string[]) => [DEFAULT_CLOUD_FOLDER, ...folder];

  async upload(token: string, folder: string[], file: UploadFile, chunking: Chunking) {
    const parent = await this.folder(token, this.root(folder));
    // Drive allows equal names side by side; a clash gets a numbered name like elsewhere.
    const taken = await this.list(token, `${literal(parent.id)} in parents and trashed = false`);
    const name = numberedName(file.name, new Set(taken.map((f) => f.name.toLowerCase())));
    const metadata = { name, parents: [parent.id], mimeType: file.mimeType };
    const saved =
      file.bytes.byteLength > chunking.simpleMaxBytes
        ? await this.resumable(token, metadata, file, chunking.chunkBytes)
        : await this.multipart(token, metadata, file);
    return { name: saved.name, link: saved.webViewLink ?? null } satisfies Uploaded;
  }

  private async multipart(token: string, metadata: object, file: UploadFile) {
    const boundary = `tracery-${crypto.randomUUID()}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n${JSON.stringify(metadata)}\r\n` +
        `--${boundary}\r\nContent-Type: ${file.mimeType}\r\n\r\n`,
    );
    const body = Buffer.concat([head, file.bytes, Buffer.from(`\r\n--${boundary}--`)]);
    const res = await providerFetch(
      this.api('/upload/drive/v3/files', { uploadType: 'multipart', fields: FILE_FIELDS }),
      {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': `multipart/related; boundary=${boundary}` },
        body,
      },
    );
    return jsonOf<DriveFile>(res);
  }

  private async resumable(token: string, metadata: object, file: UploadFile, chunkBytes: number) {
    const total = file.bytes.byteLength;
    const start = await providerFetch(
      this.api('/upload/drive/v3/files', { uploadType: 'resumable', fields: FILE_FIELDS }),
      {
        method: 'POST',
        headers: {
          ...bearer(token),
          'content-type': 'application/json; charset=UTF-8',
          'x-upload-content-type': file.mimeType,
          'x-upload-content-length': String(total),
        },
        body: JSON.stringify(metadata),
      },
    );
    const session = start.headers.get('location');
    if (!session) throw new ProviderRefused('Google Drive started no upload session');
    let offset = 0;
    // Each round sends a chunk; a session that never advances is given up, not looped on.
    for (let round = 0; round <= 2 * Math.ceil(total / chunkBytes) + 2; round++) {
      const end = Math.min(total, offset + chunkBytes);
      const res = await providerFetch(session, {
        method: 'PUT',
        headers: { ...bearer(token), 'content-range': `bytes ${offset}-${end - 1}/${total}` },
        body: file.bytes.subarray(offset, end),
      });
      if (res.status !== 308) return jsonOf<DriveFile>(res);
      await res.body?.cancel();
      // "Resume incomplete": continue after the last byte Drive confirms it holds.
      const range = /bytes=0-(\d+)/.exec(res.headers.get('range') ?? '');
      offset = range ? Number(range[1]) + 1 : 0;
    }
    throw new ProviderRetryable('Google Drive did not accept the upload session');
  }

  async folderLink(token: string, folder: string[]) {
    return (await this.folder(token, this.root(folder))).webViewLink ?? null;
  }

  async revoke(tokens: GrantTokens) {
    // Revoking the refresh token ends the whole grant (and its access tokens).
    const body = new URLSearchParams({ token: tokens.refreshToken ?? tokens.accessToken });
    await providerFetch(`${this.config.tokenBase}/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    });
    return true;
  }
}
