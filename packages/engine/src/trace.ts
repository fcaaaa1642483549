/**
 * The pipeline, one stage per line: analyse → derive the parameters → resample → clean →
 * palette → label → segment → gradients → boundaries → fit → assemble (centerline mode branches
 * off after clean: centerline.ts). Each stage takes what it needs and
 * returns a new value. Synchronous by design (it runs inside a worker); the AbortSignal is
 * checked between stages and inside long loops, and progress is reported.
 */
import type { RasterImage, TraceOptions, VectorDoc } from './types.js';
import { Control } from './abort.js';
import { downscale, toGrey, toWorkImage } from './image.js';
import { analyse } from './analyse.js';
import { deriveParams } from './params.js';
import { clean } from './clean.js';
import { choosePalette } from './palette.js';
import { assignLabels } from './label.js';
import { segment } from './segment.js';
import { findGradients } from './gradients.js';
import { mergeRinging } from './ringing.js';
import { regionOutlines } from './boundaries.js';
import { fitOutlines } from './fit.js';
import { assemble } from './assemble.js';
import { traceCenterline } from './centerline.js';
import { withLentArrays } from './lent-arrays.js';

export function trace(image: RasterImage, options: TraceOptions = {}): VectorDoc {
  return withLentArrays(() => stages(image, options));
}

function stages(image: RasterImage, options: TraceOptions): VectorDoc {
  const ctl = new Control(options.signal, options.onProgress);
  ctl.progress('analyse', 0);
  const input = toWorkImage(image);
  const analysis = analyse(input, options.mode ?? 'auto');
  const params = deriveParams(options, analysis, image);
  const { work } = params;
  const resampled = work.downscaled ? downscale(input, work.width, work.height) : input;
  // Shades of grey: every later stage (palette, thin colours, gradients) sees only luminance.
  const toned = params.mode === 'grayscale' ? toGrey(resampled) : resampled;

  ctl.progress('clean', 0.1);
  const img = params.denoise ? clean(toned, params.denoise, ctl) : toned;
  if (params.mode === 'centerline') return traceCenterline(img, params, ctl);

  ctl.progress('palette', 0.2);
  const palette = choosePalette(img, params.palette);

  ctl.progress('label', 0.3);
  const labels = assignLabels(img, palette.colours, params.labels, ctl, palette.alpha);

  ctl.progress('segment', 0.4);
  const bands = segment(
    img.width,
    img.height,
    labels,
    palette.colours,
    params.speckleAreaPx2,
    ctl,
    palette.alpha,
  );

  ctl.progress('gradients', 0.45);
  const { seg: ramps, palette: fills } = findGradients(img, bands, palette, params.gradients, ctl);
  const seg = params.mergeRinging ? mergeRinging(ramps, fills) : ramps;

  ctl.progress('boundaries', 0.5);
  const outlines = regionOutlines(seg, params.outline, ctl, fills.alpha); // lazy: one region at a time
  const shapes = fitOutlines(outlines, params.fit);

  ctl.progress('assemble', 0.97);
  const doc = assemble(image, shapes, fills, params.stacking, params.mode);
  ctl.progress('done', 1);
  return doc;
}
