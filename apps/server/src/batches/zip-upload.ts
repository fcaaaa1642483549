import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ErrorCode } from '@tracery/contracts';
import yauzl from 'yauzl';
import { DomainError } from '../errors.js';

/** The first bytes of a ZIP: a local file header, or the end record of an empty archive. */
const isZip = (head: Buffer) =>
  head.length >= 4 &&
  head.readUInt16LE(0) === 0x4b50 &&
  [0x0403, 0x0605].includes(head.readUInt16LE(2));

export type ReceivedPart =
  | { kind: 'image'; bytes: Buffer; truncated: boolean }
  | { kind: 'zip'; bytes: number; truncated: boolean };

/**
 * Reads one uploaded file part: an image is kept in memory up to `imageCap` + 1 bytes (the rest
 * is drained, so the next parts can be read), a ZIP (told by its bytes, not its name) is
 * streamed to `zipPath` on disk, since it may hold a whole batch.
 */
export async function receivePart(
  file: Readable & { truncated?: boolean },
  imageCap: number,
  zipPath: string,
): Promise<ReceivedPart> {
  const chunks: Buffer[] = [];
  let total = 0;
  const it = file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let next = await it.next();
  while (!next.done && total < 4) {
    chunks.push(next.value);
    total += next.value.length;
    next = await it.next();
  }
  if (isZip(Buffer.concat(chunks))) {
    let last = next;
    async function* rest() {
      yield* chunks;
      while (!last.done) {
        total += last.value.length;
        yield last.value;
        last = await it.next();
      }
    }
    await pipeline(rest(), createWriteStream(zipPath));
    return { kind: 'zip', bytes: total, truncated: Boolean(file.truncated) };
  }
  while (!next.done) {
    if (total <= imageCap) chunks.push(next.value);
    total += next.value.length;
    next = await it.next();
  }
  const truncated = total > imageCap || Boolean(file.truncated);
  return { kind: 'image', bytes: Buffer.concat(chunks).subarray(0, imageCap + 1), truncated };
}

/** One image of an uploaded ZIP, for the upload gate; `refused` when it cannot even be read. */
export interface ZipImage {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
  refused?: { code: ErrorCode; detail: string };
}

/** Folders, macOS resource forks (`__MACOSX/`) and dotfiles (`.DS_Store`) are not images. */
function skipped(path: string): boolean {
  if (path.endsWith('/')) return true;
  return path
    .split('/')
    .some(
      (segment) =>
        segment === '__MACOSX' || (segment.startsWith('.') && segment !== '.' && segment !== '..'),
    );
}

/** An entry's name is only a label: its last segment, never a path on disk. */
const labelOf = (path: string) => path.split('/').pop() || 'image';

const open = (path: string) =>
  yauzl.openPromise(path, {
    lazyEntries: true,
    autoClose: false,
    // yauzl refuses a whole archive over one absolute or "../" name; names here are labels.
    decodeStrings: false,
    validateEntrySizes: true,
  });

/**
 * The images of a ZIP on disk, one at a time. The central directory is read first so that an
 * archive with more images than the plan's batch size is refused before anything is inflated;
 * then each entry is inflated as a stream and abandoned at `maxEntryBytes` + 1, whatever its
 * header declares, so memory holds one capped entry and the whole archive inflates to at most
 * `maxEntries` × `maxEntryBytes`. A ZIP inside the ZIP is not expanded.
 */
export async function* zipImages(
  path: string,
  limits: { maxEntries: number; maxEntryBytes: number; tooMany: (count: number) => string },
): AsyncGenerator<ZipImage> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(path);
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'file: the ZIP archive could not be read');
  }
  try {
    const entries: { entry: yauzl.Entry; path: string }[] = [];
    let seen = 0;
    for (;;) {
      const entry = await readEntry(zip);
      if (!entry) break;
      // A directory of millions of empty names is refused without keeping them all.
      if (++seen > limits.maxEntries + 1000)
        throw new DomainError('VALIDATION_FAILED', limits.tooMany(seen));
      const name = yauzl.getFileNameLowLevel(
        entry.generalPurposeBitFlag,
        entry.fileNameRaw,
        entry.extraFields,
        false,
      );
      if (skipped(name)) continue;
      entries.push({ entry, path: name });
      if (entries.length > limits.maxEntries)
        throw new DomainError('VALIDATION_FAILED', limits.tooMany(entries.length));
    }
    for (const { entry, path: name } of entries) {
      const filename = labelOf(name);
      const refuse = (code: ErrorCode, detail: string): ZipImage => ({
        filename,
        bytes: Buffer.alloc(0),
        truncated: false,
        refused: { code, detail },
      });
      if (entry.uncompressedSize > limits.maxEntryBytes) {
        yield { filename, bytes: Buffer.alloc(0), truncated: true };
        continue;
      }
      if (entry.isEncrypted()) {
        yield refuse('IMAGE_UNSUPPORTED', 'Encrypted ZIP entries are not supported');
        continue;
      }
      let read: { bytes: Buffer; truncated: boolean };
      try {
        read = await readCapped(await zip.openReadStreamPromise(entry), limits.maxEntryBytes);
      } catch {
        yield refuse(
          'IMAGE_INVALID',
          'This ZIP entry is damaged or uses an unsupported compression',
        );
        continue;
      }
      if (isZip(read.bytes)) {
        yield refuse('IMAGE_UNSUPPORTED', 'A ZIP inside the ZIP is not expanded');
        continue;
      }
      yield { filename, ...read };
    }
  } finally {
    zip.close();
  }
}

function readEntry(zip: yauzl.ZipFile): Promise<yauzl.Entry | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      zip.off('entry', onEntry);
      zip.off('end', onEnd);
      zip.off('error', onError);
    };
    const onEntry = (entry: yauzl.Entry) => (cleanup(), resolve(entry));
    const onEnd = () => (cleanup(), resolve(null));
    const onError = () => {
      cleanup();
      reject(new DomainError('VALIDATION_FAILED', 'file: the ZIP archive is damaged'));
    };
    zip.on('entry', onEntry).on('end', onEnd).on('error', onError);
    zip.readEntry();
  });
}

/** At most `cap` + 1 bytes of a stream; the stream is destroyed there (no further inflating). */
async function readCapped(
  stream: Readable,
  cap: number,
): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    total += chunk.length;
    if (total > cap) {
      stream.destroy();
      return { bytes: Buffer.alloc(0), truncated: true };
    }
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}
