import type { CloudProviderConfig } from '../../config.js';
import { bearer, jsonOf, providerFetch } from '../provider-http.js';
import type { Chunking, CloudStorage, UploadFile } from './types.js';

interface DriveItem {
  name: string;
  webUrl?: string;
}

const RENAME = '@microsoft.graph.conflictBehavior';

/**
 * OneDrive through Microsoft Graph with Files.ReadWrite.AppFolder: the app's folder is
 * /drive/special/approot (Apps/<app name>). Clashes are renamed by OneDrive ("logo 1.svg").
 */
export class OneDrive implements CloudStorage {
  readonly id = 'onedrive' as const;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly scopes = ['offline_access', 'User.Read', 'Files.ReadWrite.AppFolder'];
  readonly authorizationParams = {};

  constructor(private readonly config: CloudProviderConfig & { tenant: string }) {
    const base = `${config.authBase}/${config.tenant}/oauth2/v2.0`;
    this.authorizationEndpoint = `${base}/authorize`;
    this.tokenEndpoint = `${base}/token`;
  }

  /** Graph's path addressing under the app folder: /me/drive/special/approot:/a/b.svg: */
  private item(path: string[]) {
    const encoded = path.map(encodeURIComponent).join('/');
    return `${this.config.apiBase}/v1.0/me/drive/special/approot${encoded ? `:/${encoded}:` : ''}`;
  }

  async account(token: string) {
    const res = await providerFetch(`${this.config.apiBase}/v1.0/me`, { headers: bearer(token) });
    const me = await jsonOf<{
      id: string;
      displayName?: string;
      mail?: string | null;
      userPrincipalName?: string;
    }>(res);
    return {
      id: me.id,
      name: me.mail ?? me.userPrincipalName ?? me.displayName ?? 'Microsoft account',
    };
  }

  async upload(token: string, folder: string[], file: UploadFile, chunking: Chunking) {
    const path = [...folder, file.name];
    const total = file.bytes.byteLength;
    let saved: DriveItem;
    if (total <= chunking.simpleMaxBytes) {
      const res = await providerFetch(`${this.item(path)}/content?${RENAME}=rename`, {
        method: 'PUT',
        headers: { ...bearer(token), 'content-type': file.mimeType },
        body: file.bytes,
      });
      saved = await jsonOf<DriveItem>(res);
    } else {
      const res = await providerFetch(`${this.item(path)}/createUploadSession`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ item: { [RENAME]: 'rename' } }),
      });
      const { uploadUrl } = await jsonOf<{ uploadUrl: string }>(res);
      saved = await this.sendChunks(uploadUrl, file.bytes, chunking.chunkBytes);
    }
    return { name: saved.name, link: saved.webUrl ?? null };
  }

  /** The session URL carries its own authorization: Graph refuses a bearer token on it. */
  private async sendChunks(uploadUrl: string, bytes: Uint8Array, size: number) {
    const total = bytes.byteLength;
    for (let offset = 0; ; offset += size) {
      const end = Math.min(total, offset + size);
      const res = await providerFetch(uploadUrl, {
        method: 'PUT',
        headers: { 'content-range': `bytes ${offset}-${end - 1}/${total}` },
        body: bytes.subarray(offset, end),
      });
      if (end >= total) return jsonOf<DriveItem>(res);
      await res.body?.cancel();
    }
  }

  async folderLink(token: string, folder: string[]) {
    const res = await providerFetch(this.item(folder), { headers: bearer(token) });
    return (await jsonOf<DriveItem>(res)).webUrl ?? null;
  }

  /**
   * Microsoft has no endpoint that revokes one app's grant (revokeSignInSessions signs the
   * user out of every app). The tokens are deleted; the user removes the app's consent at
   * account.live.com/consent/Manage or myapps.microsoft.com.
   */
  async revoke() {
    return false;
  }
}
