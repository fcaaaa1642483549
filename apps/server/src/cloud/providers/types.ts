import type { CloudProvider } from '@tracery/contracts';

export interface UploadFile {
  name: string;
  bytes: Uint8Array;
  mimeType: string;
}

/** The name the provider gave the file (a clash gets a numbered one) and where to open it. */
export interface Uploaded {
  name: string;
  link: string | null;
}

export interface Chunking {
  /** Above this many bytes the resumable (session) upload is used. */
  simpleMaxBytes: number;
  chunkBytes: number;
}

export interface GrantTokens {
  accessToken: string;
  refreshToken: string | null;
}

/**
 * One storage provider's REST API. Folder paths are relative to the app's own folder (Dropbox
 * and OneDrive give each app one; on Google Drive it is a "Tracery" folder the app creates).
 */
export interface CloudStorage {
  readonly id: CloudProvider;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  /** The narrowest scopes that let the app write into its folder and name the account. */
  readonly scopes: string[];
  /** Extra parameters of the authorization request (a refresh token, say). */
  readonly authorizationParams: Record<string, string>;
  account(token: string): Promise<{ id: string; name: string }>;
  upload(token: string, folder: string[], file: UploadFile, chunking: Chunking): Promise<Uploaded>;
  folderLink(token: string, folder: string[]): Promise<string | null>;
  /** Ends the grant with the provider (false: the provider has no way to, the tokens are dropped). */
  revoke(tokens: GrantTokens): Promise<boolean>;
}
