import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { LocalFileStore, type FileStore } from '../src/storage/file-store.js';
import { openFileStore } from '../src/storage/open-file-store.js';
import { S3FileStore } from '../src/storage/s3-file-store.js';
import { startS3 } from './helpers/s3.js';

let s3: Awaited<ReturnType<typeof startS3>>;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.close());

const stores: [string, () => Promise<FileStore>][] = [
  ['local disk', async () => new LocalFileStore(mkdtempSync(join(tmpdir(), 'tracery-files-')))],
  [
    'S3-compatible bucket',
    () =>
      openFileStore(loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'tracery-d-')), ...s3.env })),
  ],
];

describe.each(stores)('file store on %s', (_name, open) => {
  it('stores, reads back, and deletes (twice is fine)', async () => {
    const store = await open();
    const bytes = new Uint8Array([0, 1, 2, 250, 255, 128]);
    await store.put('user-1/abc.svg', bytes);
    expect(Array.from((await store.get('user-1/abc.svg'))!)).toEqual(Array.from(bytes));
    await store.put('user-1/abc.svg', new Uint8Array([9]));
    expect(Array.from((await store.get('user-1/abc.svg'))!)).toEqual([9]);
    await store.delete('user-1/abc.svg');
    await store.delete('user-1/abc.svg');
    expect(await store.get('user-1/abc.svg')).toBeNull();
    expect(await store.get('never/written.pdf')).toBeNull();
  });

  it('refuses keys that climb out of the store', async () => {
    const store = await open();
    await expect(store.put('../escape.svg', new Uint8Array([1]))).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

it('uses S3 exactly when S3_BUCKET is configured', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tracery-d-'));
  expect(await openFileStore(loadConfig({ DATA_DIR: dataDir }))).toBeInstanceOf(LocalFileStore);
  expect(await openFileStore(loadConfig({ DATA_DIR: dataDir, ...s3.env }))).toBeInstanceOf(
    S3FileStore,
  );
});
