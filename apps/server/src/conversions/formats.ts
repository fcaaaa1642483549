import { FORMATS, outputFilename, type OutputFormat } from '@tracery/contracts';
import { toDxf, toEps, toPdf, toSvg, type VectorDoc } from '@tracery/engine';

/** The engine's writers keyed by format id; text formats are stored as UTF-8. */
const WRITERS: Record<OutputFormat, (doc: VectorDoc) => string | Uint8Array> = {
  svg: toSvg,
  pdf: toPdf,
  eps: toEps,
  dxf: toDxf,
};

export function writeFormat(doc: VectorDoc, format: OutputFormat): Uint8Array {
  const out = WRITERS[format](doc);
  return typeof out === 'string' ? new TextEncoder().encode(out) : out;
}

/** The download's name as a safe ASCII token for Content-Disposition. */
export function attachmentFilename(original: string, format: OutputFormat): string {
  const name = outputFilename(original, format);
  const stem = name.slice(0, -(FORMATS[format].extension.length + 1));
  const safe =
    stem
      .replace(/[^A-Za-z0-9._ -]+/g, '_')
      .slice(0, 120)
      .trim() || 'image';
  return `${safe}.${FORMATS[format].extension}`;
}
