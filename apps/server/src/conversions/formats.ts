import { FORMATS, outputFilename, type OutputFormat } from '@tracery/contracts';
import { toDxf, toEps, toPdf, toSvg, type VectorDoc, type WriteOptions } from '@tracery/engine';

/** The engine's writers keyed by format id; text formats are stored as UTF-8. */
const WRITERS: Record<OutputFormat, (doc: VectorDoc, opts?: WriteOptions) => string | Uint8Array> =
  {
    svg: toSvg,
    pdf: toPdf,
    eps: toEps,
    dxf: toDxf,
  };

export function writeFormat(
  doc: VectorDoc,
  format: OutputFormat,
  opts: WriteOptions = {},
): Uint8Array {
  const out = WRITERS[format](doc, opts);
  return typeof out === 'string' ? new TextEncoder().encode(out) : out;
}

/** The stored vector of a result: the traced document and how it was written (print size). */
export function encodeVector(doc: VectorDoc, write: WriteOptions): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ doc, write }));
}

/** A stored vector written in another format, exactly as a conversion to it would have been. */
export function writeVector(vector: Uint8Array, format: OutputFormat): Uint8Array {
  const { doc, write } = JSON.parse(new TextDecoder().decode(vector)) as {
    doc: VectorDoc;
    write: WriteOptions;
  };
  return writeFormat(doc, format, write);
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
