import { Resvg } from '@resvg/resvg-js';
import {
  enginePresets,
  qualityScore,
  toSvg,
  trace,
  type AbortSignalLike,
  type TraceOptions,
} from '@tracery/engine';
import { encodeVector, writeFormat } from '../conversions/formats.js';
import { engineOptions } from './engine-options.js';
import {
  ENGINE_FOR_TIER,
  RECOMMEND_MARGIN,
  type EngineName,
  type RasterData,
  type TraceOutcome,
  type TraceTask,
} from './trace-task.js';

/**
 * One conversion: trace the full image with the tier's engine and write the format; then
 * measure both engines for real on the sample (trace, re-render with resvg, compare with the
 * input: SSIM and how far the boundaries moved) so quality_comparison reports what each engine
 * achieves on this very image.
 */
export function runTrace(task: TraceTask, signal?: AbortSignalLike): TraceOutcome {
  const engine = ENGINE_FOR_TIER[task.tier];
  const asked = engineOptions(task.options);
  const doc = trace(task.full, { ...enginePresets[engine], ...asked.trace, signal });
  const output = writeFormat(doc, task.format, asked.write);
  const vector = encodeVector(doc, asked.write);
  const scores = {
    precision: measure(task.sample, { ...enginePresets.precision, ...asked.trace, signal }),
    fast: measure(task.sample, { ...enginePresets.fast, ...asked.trace, signal }),
  };
  // The cheaper engine is recommended unless the precise one is visibly better.
  const recommended: EngineName =
    scores.precision - scores.fast > RECOMMEND_MARGIN ? 'precision' : 'fast';
  return { output, vector, engine, scores, recommended };
}

function measure(sample: RasterData, options: TraceOptions): number {
  return scoreSvg(sample, toSvg(trace(sample, options)));
}

/** The quality score of an SVG drawn from the sample (0..1, three decimals). */
export function scoreSvg(sample: RasterData, svg: string): number {
  const rendered = renderSvg(svg, sample.width, sample.height);
  return Math.round(qualityScore(flatten(sample), rendered) * 1000) / 1000;
}

export function renderSvg(svg: string, width: number, height: number): RasterData {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: 'white' });
  const png = resvg.render();
  const pixels = png.pixels;
  if (png.width === width && png.height === height) {
    return {
      width,
      height,
      data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength),
    };
  }
  // Rounding of the fitted height may differ by a pixel: copy into the expected box.
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < Math.min(height, png.height); y++) {
    const row = pixels.subarray(
      y * png.width * 4,
      y * png.width * 4 + Math.min(width, png.width) * 4,
    );
    data.set(row, y * width * 4);
  }
  return { width, height, data };
}

/** The input composited on white, as the renders are. */
function flatten(r: RasterData): RasterData {
  const data = new Uint8ClampedArray(r.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const a = r.data[i + 3] / 255;
    data[i] = r.data[i] * a + 255 * (1 - a);
    data[i + 1] = r.data[i + 1] * a + 255 * (1 - a);
    data[i + 2] = r.data[i + 2] * a + 255 * (1 - a);
    data[i + 3] = 255;
  }
  return { width: r.width, height: r.height, data };
}
