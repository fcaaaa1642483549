import type { OutputFormat } from '@tracery/contracts';

export const CONTENT_TYPES: Record<OutputFormat, string> = {
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  eps: 'application/postscript',
  dxf: 'image/vnd.dxf',
};

/** `photo.final.png` → `photo.final.svg`; a safe ASCII name for Content-Disposition. */
export function outputFilename(original: string, format: OutputFormat): string {
  const base = original.replace(/\.[^.]*$/, '') || 'image';
  const safe =
    base
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .slice(0, 120)
      .trim() || 'image';
  return `${safe}.${format}`;
}
