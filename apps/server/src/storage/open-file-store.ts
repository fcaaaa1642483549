import { join } from 'node:path';
import { LocalFileStore, type FileStore } from './file-store.js';
import type { S3Settings } from './s3-file-store.js';

/** The configured store: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files. */
export async function openFileStore(config: {
  dataDir: string;
  s3?: S3Settings;
}): Promise<FileStore> {
  if (!config.s3) return new LocalFileStore(join(config.dataDir, 'files'));
  // Loaded only when configured: the embedded default never pays for the AWS SDK.
  const { S3FileStore } = await import('./s3-file-store.js');
  return new S3FileStore(config.s3);
}
