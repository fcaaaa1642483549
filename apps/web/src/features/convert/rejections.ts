import type { FileRejection } from 'react-dropzone';

const ACCEPTED = 'JPG, PNG, GIF or BMP';

/** Readable text for react-dropzone's rejection codes. */
export function rejectionMessage(
  code: string,
  fileName: string,
  opts: { maxSize?: number; maxFiles?: number } = {},
): string {
  switch (code) {
    case 'file-invalid-type':
      return `${fileName} is not a supported image. Use ${ACCEPTED}.`;
    case 'file-too-large':
      return opts.maxSize
        ? `${fileName} is too large. The limit is ${Math.round(opts.maxSize / (1024 * 1024))} MB.`
        : `${fileName} is too large.`;
    case 'file-too-small':
      return `${fileName} is empty or too small to be an image.`;
    case 'too-many-files':
      return opts.maxFiles
        ? `Too many files: add at most ${opts.maxFiles} at a time.`
        : 'Too many files at once.';
    default:
      return `${fileName} could not be added.`;
  }
}

/** One message per rejected file (too-many-files reported once). */
export function rejectionMessages(
  rejections: readonly FileRejection[],
  opts: { maxSize?: number; maxFiles?: number } = {},
): string[] {
  const out = new Set<string>();
  for (const r of rejections) {
    const first = r.errors[0];
    if (first) out.add(rejectionMessage(first.code, r.file.name, opts));
  }
  return [...out];
}
