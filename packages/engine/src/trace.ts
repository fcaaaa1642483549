/**
 * The pipeline: analyse → clean → palette → label → segment → boundaries → fit → assemble.
 * Synchronous by design (it runs inside a worker); checks the AbortSignal between stages and
 * inside the per-region loop, and reports progress.
 */
import type { RasterImage, SubPath, TraceOptions, VectorDoc, Point } from './types.js';
import { Control } from './abort.js';
import { downscale, toWorkImage } from './image.js';
import { analyse } from './analyse.js';
import { clean } from './clean.js';
import { buildPalette, exactColours, parseHex, toHex } from './palette.js';
import { assignLabels } from './label.js';
import { segment } from './segment.js';
import { regionBoundaries, Scratch } from './boundaries.js';
import { fitLoop, pixelPolygon } from './fit.js';
import { assemble, rectPath, type PaintItem } from './assemble.js';
import { SharedFitter } from './shared.js';

export function trace(image: RasterImage, rawOptions: TraceOptions = {}): VectorDoc {
  const options = sanitize(rawOptions);
  const ctl = new Control(options.signal, options.onProgress);
  ctl.progress('analyse', 0);
  let img = toWorkImage(image);
  const an = analyse(img, options.mode ?? 'auto');
  const mode = an.mode;
  const detail = clamp(options.detail ?? 0.5, 0, 1);
  // Economy effort (the 'fast' preset, ~40% less CPU than precision): one cheaper denoising
  // pass (4-neighbour sigma filter), half-sampled palette histogram and at most 16 colours,
  // cheaper flat-area test when labelling (no sub-pixel coverage for photos), a 1 px stacking
  // band, one Newton round and a 1.15x looser fitting tolerance.
  const economy = detail < 0.3;
  const photo = mode === 'photo';
  const pixelArt = mode === 'pixelart';

  // Work on at most ~1.5 MP for photos (4 MP otherwise); coordinates are scaled back.
  const maxPixels = photo ? 1_000_000 + detail * 1_000_000 : 4_000_000;
  let scale = 1,
    scaleY = 1;
  if (img.width * img.height > maxPixels) {
    img = downscale(img, Math.sqrt((img.width * img.height) / maxPixels));
    scale = image.width / img.width;
    scaleY = image.height / img.height;
  }

  ctl.progress('clean', 0.1);
  const noisy = an.noiseFrac > 0.03;
  if (photo) img = clean(img, 60, economy ? 1 : 2, ctl, economy);
  else if (noisy && !pixelArt) img = clean(img, 48, 1, ctl, economy);

  ctl.progress('palette', 0.2);
  let palette: number[];
  let given: string[] | undefined;
  let exact: number[] | null = null;
  if (options.palette && options.palette.length > 0) {
    palette = options.palette.map(parseHex);
    // Returned exactly as given when already '#rrggbb'; other spellings are normalised.
    given = options.palette.map((s, i) => (/^#[0-9a-fA-F]{6}$/.test(s) ? s : toHex(palette[i])));
  } else if (mode === 'bw') {
    palette = [0x000000, 0xffffff];
  } else if (pixelArt && options.colors === undefined && (exact = exactColours(img, 256))) {
    palette = exact;
  } else {
    const count =
      options.colors !== undefined
        ? clamp(Math.round(options.colors), 2, 256)
        : photo
          ? economy
            ? 16
            : Math.round(12 + detail * 40)
          : undefined;
    palette = buildPalette(img, {
      count,
      minDist: photo ? 10 : 20 + (1 - detail) * 16,
      maxColors: economy ? 16 : Math.round(24 + detail * 48),
      stableThr: noisy ? 10 : 4,
      grayscale: mode === 'grayscale' || an.grayscale,
      sampleStep: economy ? 2 : 1,
    });
  }

  ctl.progress('label', 0.3);
  const labels = assignLabels(
    img,
    palette,
    mode !== 'pixelart' && !(economy && photo),
    ctl,
    economy,
  );

  ctl.progress('segment', 0.4);
  const area = img.width * img.height;
  const speckle =
    options.speckle !== undefined
      ? Math.max(0, options.speckle)
      : pixelArt
        ? 0
        : photo
          ? Math.round(16 + (1 - detail) * 32)
          : Math.max(3, Math.round(area / (6000 + detail * 12000)));
  const seg = segment(img.width, img.height, labels, palette, speckle, ctl);

  ctl.progress('boundaries', 0.5);
  const stacked = (options.stacking ?? 'stacked') === 'stacked';
  const cornerAngle =
    ((options.cornerThreshold ?? (mode === 'pixelart' ? 40 : 60)) * Math.PI) / 180;
  const sizeFactor = Math.min(1, Math.max(0.55, Math.max(img.width, img.height) / 256));
  // Economy: one Newton round and a looser tolerance (fewer splits, fewer segments).
  const tolerance = photo
    ? 0.9 + (1 - detail) * 1.2
    : (0.2 + (1 - detail) * 0.3) * sizeFactor * (economy ? 1.15 : 1);
  const refine = economy ? 1 : 3;
  const hasVoid = seg.regionOf.some((r) => r < 0);
  const items: PaintItem[] = [];
  const scratch = new Scratch();
  const shared = stacked
    ? null
    : new SharedFitter({ tolerance: tolerance * scale, cornerAngle, refine });
  scratch.ensure((img.width + 10) * (img.height + 10));
  const R = seg.regions.length;
  for (let k = 0; k < R; k++) {
    if ((k & 15) === 0) ctl.progress('boundaries', 0.5 + (0.45 * k) / Math.max(1, R));
    const reg = seg.regions[k];
    const fill = given ? given[reg.color] : toHex(palette[reg.color]);
    if (k === 0 && stacked && !hasVoid) {
      items.push({ fill, subpaths: [rectPath(0, 0, image.width, image.height)] });
      continue;
    }
    const loops = regionBoundaries(
      k,
      img.width,
      img.height,
      seg,
      labels,
      {
        stacked,
        band: economy ? 1 : 2,
        minLoopArea: Math.min(2, speckle / 2),
      },
      scratch,
    );
    const subpaths: SubPath[] = [];
    for (const loop of loops) {
      if (pixelArt) {
        subpaths.push(scaleSubPath(pixelPolygon(loop), scale, scaleY));
        continue;
      }
      const pts: Point[] =
        scale === 1 && scaleY === 1
          ? loop
          : loop.map((p) => ({ x: p.x * scale, y: p.y * scaleY, n: p.n }));
      if (shared) {
        subpaths.push(shared.fit(k, pts));
        continue;
      }
      subpaths.push(fitLoop(pts, { tolerance: tolerance * scale, cornerAngle, refine }));
    }
    items.push({ fill, subpaths });
  }
  ctl.progress('assemble', 0.97);
  const doc = assemble(image.width, image.height, items, stacked ? 'stacked' : 'cutout', mode);
  ctl.progress('done', 1);
  return doc;
}

/** Non-finite numbers (NaN, Infinity) in the options mean "use the default". */
function sanitize(o: TraceOptions): TraceOptions {
  const fin = (v: number | undefined) =>
    typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  return {
    ...o,
    detail: fin(o.detail),
    colors: fin(o.colors),
    speckle: fin(o.speckle),
    cornerThreshold: fin(o.cornerThreshold),
  };
}

function clamp(v: number, a: number, b: number): number {
  return v < a ? a : v > b ? b : v;
}

function scaleSubPath(sp: SubPath, sx: number, sy: number): SubPath {
  if (sx === 1 && sy === 1) return sp;
  return {
    start: { x: sp.start.x * sx, y: sp.start.y * sy },
    segments: sp.segments.map((g) =>
      g.type === 'C'
        ? {
            ...g,
            x1: g.x1 * sx,
            y1: g.y1 * sy,
            x2: g.x2 * sx,
            y2: g.y2 * sy,
            x: g.x * sx,
            y: g.y * sy,
          }
        : { ...g, x: g.x * sx, y: g.y * sy },
    ),
  };
}
