import type { ConversionOptions } from '@tracery/contracts';
import { enginePresets, toSvg, trace, type TraceOptions } from '@tracery/engine';

export interface PreviewRequest {
  id: string;
  file: Blob;
  options: ConversionOptions;
}
export type PreviewResponse =
  { id: string; svg: string; ms: number } | { id: string; error: string };

/** Longest side of the image traced for the preview; keeps the instant preview instant. */
const MAX_SIDE = 480;

/** The options that change the drawing (print size only changes the file's stated size). */
function traceOptions(o: ConversionOptions): Partial<TraceOptions> {
  const asked: Partial<TraceOptions> = {
    mode: o.mode as TraceOptions['mode'],
    colors: o.colors,
    palette: o.palette,
    detail: o.detail,
    cornerThreshold: o.corner_threshold,
    speckle: o.speckle,
    stacking: o.stacking,
  };
  return Object.fromEntries(Object.entries(asked).filter(([, v]) => v !== undefined));
}

async function rasterize(file: Blob) {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D context in worker');
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  return ctx.getImageData(0, 0, width, height);
}

self.onmessage = async (event: MessageEvent<PreviewRequest>) => {
  const { id, file, options } = event.data;
  const started = performance.now();
  try {
    const img = await rasterize(file);
    const doc = await trace(
      { width: img.width, height: img.height, data: img.data },
      { ...enginePresets.fast, ...traceOptions(options) },
    );
    const svg = toSvg(doc);
    self.postMessage({
      id,
      svg,
      ms: Math.round(performance.now() - started),
    } satisfies PreviewResponse);
  } catch (error) {
    self.postMessage({
      id,
      error: error instanceof Error ? error.message : String(error),
    } satisfies PreviewResponse);
  }
};
