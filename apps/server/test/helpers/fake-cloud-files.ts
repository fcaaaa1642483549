import type { FakeRequest } from './fake-http.js';

/**
 * The files of a path-addressed cloud fake (Dropbox, OneDrive): per account, paths compared
 * case-insensitively as both providers do.
 */
export function accountFiles() {
  const files = new Map<string, { path: string; bytes: Buffer }>();
  const key = (owner: string, path: string) => `${owner}:${path.toLowerCase()}`;
  return {
    files,
    has: (owner: string, path: string) => files.has(key(owner, path)),
    file: (owner: string, path: string) => files.get(key(owner, path))?.bytes,
    /** Whether a folder holds any file (folders exist only through what they hold). */
    hasFolder: (owner: string, path: string) =>
      [...files.keys()].some((k) => k.startsWith(`${key(owner, path)}/`)),
    /**
     * Stores the bytes at `path` or, where it is taken, at the first free name numbered by
     * `numbered` before the extension; returns the path used.
     */
    putRenamed(owner: string, path: string, bytes: Buffer, numbered: (n: number) => string) {
      let final = path;
      const dot = path.lastIndexOf('.');
      for (let n = 1; files.has(key(owner, final)); n++)
        final =
          dot > path.lastIndexOf('/')
            ? `${path.slice(0, dot)}${numbered(n)}${path.slice(dot)}`
            : `${path}${numbered(n)}`;
      files.set(key(owner, final), { path: final, bytes });
      return final;
    },
  };
}

/**
 * Takes one chunk of a ranged upload session (`Content-Range: bytes first-last/total`), as
 * Google Drive and OneDrive do: the chunk must start where the received bytes end and be as long
 * as its range says. Returns the bytes received so far and the total, or `undefined` (nothing
 * taken) for a chunk out of place.
 */
export function takeRangedChunk(req: FakeRequest, parts: Buffer[]) {
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
  const have = Buffer.concat(parts).length;
  if (
    !range ||
    Number(range[1]) !== have ||
    Number(range[2]) - Number(range[1]) + 1 !== req.raw.length
  )
    return undefined;
  parts.push(req.raw);
  return { received: have + req.raw.length, total: Number(range[3]) };
}
