import type { OutputFormat } from './plans.js';

/** What each output format is, for everyone who names, serves or saves one. */
export interface OutputFormatInfo {
  id: OutputFormat;
  /** How the product names it ("SVG"). */
  label: string;
  mimeType: string;
  extension: string;
  /** Bytes rather than text (PDF). */
  binary: boolean;
}

export const FORMATS: Record<OutputFormat, OutputFormatInfo> = {
  svg: { id: 'svg', label: 'SVG', mimeType: 'image/svg+xml', extension: 'svg', binary: false },
  pdf: { id: 'pdf', label: 'PDF', mimeType: 'application/pdf', extension: 'pdf', binary: true },
  eps: {
    id: 'eps',
    label: 'EPS',
    mimeType: 'application/postscript',
    extension: 'eps',
    binary: false,
  },
  dxf: { id: 'dxf', label: 'DXF', mimeType: 'image/vnd.dxf', extension: 'dxf', binary: false },
};

/** `photo.final.png` → `photo.final.svg`; a name without a stem becomes `image.svg`. */
export function outputFilename(original: string, format: OutputFormat): string {
  const stem = original.replace(/\.[^.]*$/, '') || 'image';
  return `${stem}.${FORMATS[format].extension}`;
}
