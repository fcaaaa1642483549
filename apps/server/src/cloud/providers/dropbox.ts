import type { CloudProviderConfig } from '../../config.js';
import { bearer, jsonOf, providerFetch } from '../provider-http.js';
import type { Chunking, CloudStorage, GrantTokens, UploadFile } from './types.js';

interface FileMetadata {
  name: string;
  path_display: string;
}

/** Dropbox-API-Arg must be ASCII: other characters go as JSON \u escapes (as Dropbox documents). */
export const headerJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * Dropbox API v2 for an "App folder" app: paths are relative to Apps/<app folder>, which Dropbox
 * creates. Clashes are renamed by Dropbox itself (autorename: "logo (1).svg").
 */
export class Dropbox implements CloudStorage {
  readonly id = 'dropbox' as const;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly scopes = ['account_info.read', 'files.content.write'];
  // A long-lived refresh token next to the short-lived access token.
  readonly authorizationParams = { token_access_type: 'offline' };

  constructor(private readonly config: CloudProviderConfig & { appFolder: string }) {
    this.authorizationEndpoint = `${config.authBase}/oauth2/authorize`;
    this.tokenEndpoint = `${config.tokenBase}/oauth2/token`;
  }

  async account(token: string) {
    const res = await providerFetch(`${this.config.apiBase}/2/users/get_current_account`, {
      method: 'POST',
      headers: bearer(token),
    });
    const a = await jsonOf<{
      account_id: string;
      email?: string;
      name?: { display_name?: string };
    }>(res);
    return { id: a.account_id, name: a.email ?? a.name?.display_name ?? 'Dropbox account' };
  }

  private content(token: string, path: string, arg: unknown, body: Uint8Array) {
    return providerFetch(`${this.config.contentBase}${path}`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'content-type': 'application/octet-stream',
        'dropbox-api-arg': headerJson(arg),
      },
      body,
    });
  }

  async upload(token: string, folder: string[], file: UploadFile, chunking: Chunking) {
    const commit = {
      path: `/${[...folder, file.name].join('/')}`,
      mode: 'add',
      autorename: true,
      mute: true,
    };
    const bytes = file.bytes;
    let saved: FileMetadata;
    if (bytes.byteLength <= chunking.simpleMaxBytes) {
      saved = await jsonOf<FileMetadata>(
        await this.content(token, '/2/files/upload', commit, bytes),
      );
    } else {
      const size = chunking.chunkBytes;
      const first = bytes.subarray(0, size);
      const start = await this.content(
        token,
        '/2/files/upload_session/start',
        { close: false },
        first,
      );
      const { session_id } = await jsonOf<{ session_id: string }>(start);
      let offset = first.byteLength;
      while (bytes.byteLength - offset > size) {
        const res = await this.content(
          token,
          '/2/files/upload_session/append_v2',
          { cursor: { session_id, offset }, close: false },
          bytes.subarray(offset, offset + size),
        );
        await res.body?.cancel();
        offset += size;
      }
      const finish = await this.content(
        token,
        '/2/files/upload_session/finish',
        { cursor: { session_id, offset }, commit },
        bytes.subarray(offset),
      );
      saved = await jsonOf<FileMetadata>(finish);
    }
    const dir = saved.path_display.slice(0, saved.path_display.lastIndexOf('/'));
    return {
      name: saved.name,
      link: `${this.webFolder(dir)}?preview=${encodeURIComponent(saved.name)}`,
    };
  }

  /** The app folder's page on dropbox.com (paths above are relative to it). */
  private webFolder(dir: string) {
    const segments = ['Apps', this.config.appFolder, ...dir.split('/').filter(Boolean)];
    return `${this.config.authBase}/home/${segments.map(encodeURIComponent).join('/')}`;
  }

  async folderLink(_token: string, folder: string[]) {
    return this.webFolder(folder.join('/'));
  }

  async revoke(tokens: GrantTokens) {
    // Dropbox revokes the token the request is made with, and with it the whole grant.
    const res = await providerFetch(`${this.config.apiBase}/2/auth/token/revoke`, {
      method: 'POST',
      headers: bearer(tokens.accessToken),
    });
    await res.body?.cancel();
    return true;
  }
}
