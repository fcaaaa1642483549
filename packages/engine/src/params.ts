/**
 * The settings seam (after VTracer's Config -> ConverterConfig): the user's TraceOptions, the
 * analysis of the image and its size become one TraceParams, every value a stage uses, named
 * with its unit. No stage reads TraceOptions or decides a setting on its own.
 */
import type { Analysis } from './analyse.js';
import type { DenoiseParams } from './clean.js';
import type { LabelParams } from './label.js';
import type { FitParams } from './fit.js';
import type { OutlineParams } from './boundaries.js';
import type { GradientParams } from './gradients.js';
import type { PaletteParams } from './palette.js';
import { parseHex, toHex } from './palette.js';
import type { TraceMode, TraceOptions } from './types.js';

/** Every default and constant of the option -> parameter mapping, in one table. */
export const DEFAULTS = {
  /** TraceOptions.detail when not given. */
  detail: 0.5,
  stacking: 'stacked',
  cornerThresholdDeg: 60,
  cornerThresholdDegPixelArt: 40,
  /** Below this detail the trace runs with economy effort (the 'fast' preset, ~40% less CPU). */
  economyBelowDetail: 0.3,
  /** Working-raster budget; photos get 1 MP at detail 0 up to 2 MP at detail 1. */
  workPixelsMax: 4_000_000,
  workPixelsPhotoAtDetail0: 1_000_000,
  workPixelsPhotoPerDetail: 1_000_000,
  /** Share of neighbour pairs differing by 1..6 above which non-photo art is denoised. */
  noisyAboveNoiseFraction: 0.03,
  /**
   * Boundaries are smoothed once before the curve fit (outline-fit.ts) above this noise, as JPEG
   * compression leaves it (on DEV the JPEGs above 0.2 gained; those below, mostly silhouettes
   * and line art with little noise, lost finer shapes), and only on images at least this many
   * px a side, where the smoothing's pixel is small against the shapes.
   */
  smoothEdgesAboveNoiseFraction: 0.2,
  smoothEdgesMinSidePx: 128,
  denoisePhotoThresholdRgbSum: 60,
  denoiseNoisyThresholdRgbSum: 48,
  /** Pixel art keeps its exact colours when it has at most this many. */
  pixelArtExactColoursMax: 256,
  colorsMin: 2,
  colorsMax: 256,
  photoColoursEconomy: 16,
  maxColoursEconomy: 16,
  /**
   * The fast engine samples every 2nd pixel for its palette above this working area (px²);
   * below it sampling costs nothing and halving the votes loses small features (3 px pupils).
   */
  economyFullSampleMaxPx: 256 * 256,
  minColourDistancePhotoRgb: 10,
  /** Neighbour difference (per channel) below which a pixel votes for the palette. */
  stableThresholdRgb: 4,
  stableThresholdRgbNoisy: 10,
  /** Fitting tolerance grows for small images: factor max(0.55, longest side / 256) up to 1. */
  toleranceSizeFactorMin: 0.55,
  toleranceReferenceSizePx: 256,
  toleranceEconomyFactor: 1.15,
  newtonRounds: 3,
  newtonRoundsEconomy: 1,
  stackingBandPx: 2,
  stackingBandPxEconomy: 1,
  minLoopAreaPx2: 2,
  /** Gradients (gradients.ts): bands are adjacent regions at most this far apart (RGB). */
  gradientBandStepRgb: 60,
  /** A ramp is kept at an RMS error per channel under this, and under this share of the bands'. */
  gradientMaxResidualRgb: 6,
  gradientMaxShareOfBandError: 0.6,
  gradientMinBands: 3,
  gradientMinPixels: 64,
} as const;

type Mode = Exclude<TraceMode, 'auto'>;

export interface WorkSize {
  /** The working raster: the input, downscaled (box filter) when over the pixel budget. */
  width: number;
  height: number;
  downscaled: boolean;
  /** Input px per working px (coordinates are scaled back to the input by these). */
  scaleX: number;
  scaleY: number;
}

export interface TraceParams {
  mode: Mode;
  /** The input size in px (the output's coordinate system). */
  width: number;
  height: number;
  work: WorkSize;
  /** Edge-preserving noise suppression, or null when the image is clean. */
  denoise: DenoiseParams | null;
  palette: PaletteParams;
  labels: LabelParams;
  /** Regions smaller than this (px², working raster) merge into a neighbour. */
  speckleAreaPx2: number;
  /** JPEG ringing dashes along edges merge into the region they overshoot (ringing.ts). */
  mergeRinging: boolean;
  gradients: GradientParams;
  outline: OutlineParams;
  fit: FitParams;
  stacking: 'stacked' | 'cutout';
}

export function deriveParams(
  options: TraceOptions,
  analysis: Analysis,
  size: { width: number; height: number },
): TraceParams {
  const o = sanitize(options);
  const mode = analysis.mode;
  const photo = mode === 'photo',
    pixelArt = mode === 'pixelart';
  const detail = clamp(o.detail ?? DEFAULTS.detail, 0, 1);
  const economy = detail < DEFAULTS.economyBelowDetail;
  const noisy = analysis.noiseFrac > DEFAULTS.noisyAboveNoiseFraction;

  const maxPixels = photo
    ? DEFAULTS.workPixelsPhotoAtDetail0 + detail * DEFAULTS.workPixelsPhotoPerDetail
    : DEFAULTS.workPixelsMax;
  const work = workSize(size.width, size.height, maxPixels);
  // Noisy enough, over enough pixels, for the edges to carry compression noise and ringing.
  const noisyEdges =
    analysis.noiseFrac > DEFAULTS.smoothEdgesAboveNoiseFraction &&
    Math.min(work.width, work.height) >= DEFAULTS.smoothEdgesMinSidePx;

  const denoise: DenoiseParams | null = photo
    ? {
        thresholdRgbSum: DEFAULTS.denoisePhotoThresholdRgbSum,
        passes: economy ? 1 : 2,
        windowNeighbours: economy ? 4 : 8,
      }
    : noisy && !pixelArt
      ? {
          thresholdRgbSum: DEFAULTS.denoiseNoisyThresholdRgbSum,
          passes: 1,
          windowNeighbours: economy ? 4 : 8,
        }
      : null;

  const speckleAreaPx2 =
    o.speckle !== undefined
      ? Math.max(0, o.speckle)
      : pixelArt
        ? 0
        : photo
          ? Math.round(16 + (1 - detail) * 32)
          : Math.max(3, Math.round((work.width * work.height) / (6000 + detail * 12000)));

  const sizeFactor = Math.min(
    1,
    Math.max(
      DEFAULTS.toleranceSizeFactorMin,
      Math.max(work.width, work.height) / DEFAULTS.toleranceReferenceSizePx,
    ),
  );
  const toleranceWorkPx = photo
    ? 0.9 + (1 - detail) * 1.2
    : (0.2 + (1 - detail) * 0.3) * sizeFactor * (economy ? DEFAULTS.toleranceEconomyFactor : 1);
  const stacking = o.stacking ?? DEFAULTS.stacking;
  const cornerDeg =
    o.cornerThreshold ??
    (pixelArt ? DEFAULTS.cornerThresholdDegPixelArt : DEFAULTS.cornerThresholdDeg);

  return {
    mode,
    width: size.width,
    height: size.height,
    work,
    denoise,
    palette: paletteParams(o, mode, analysis, {
      detail,
      economy,
      noisy,
      area: work.width * work.height,
    }),
    labels: {
      subPixelCoverage: !pixelArt && !(economy && photo),
      flatNeighbours: economy ? 4 : 8,
      thinLines: !photo,
      borderBlends: !photo,
      widestPairs: !photo,
    },
    speckleAreaPx2,
    mergeRinging: noisyEdges && !photo && !pixelArt,
    gradients: {
      // Photos are all smooth shading (their bands are the look); pixel art has none.
      enabled: mode === 'color' || mode === 'grayscale',
      maxBandStepRgb: DEFAULTS.gradientBandStepRgb,
      maxResidualRgb: DEFAULTS.gradientMaxResidualRgb,
      maxShareOfBandError: DEFAULTS.gradientMaxShareOfBandError,
      minBands: DEFAULTS.gradientMinBands,
      minPixels: DEFAULTS.gradientMinPixels,
      scaleX: work.scaleX,
      scaleY: work.scaleY,
    },
    outline: {
      stacked: stacking === 'stacked',
      stackingBandPx: economy ? DEFAULTS.stackingBandPxEconomy : DEFAULTS.stackingBandPx,
      minLoopAreaPx2: Math.min(DEFAULTS.minLoopAreaPx2, speckleAreaPx2 / 2),
      straightenHidden: !pixelArt && !photo,
    },
    fit: {
      method: pixelArt ? 'pixel-edges' : photo ? 'curves' : 'geometry',
      shareBoundaries: stacking === 'cutout',
      tolerancePx: toleranceWorkPx * work.scaleX,
      cornerAngleRad: (cornerDeg * Math.PI) / 180,
      newtonRounds: economy ? DEFAULTS.newtonRoundsEconomy : DEFAULTS.newtonRounds,
      noisyEdges,
      scaleX: work.scaleX,
      scaleY: work.scaleY,
      boundsPx: { width: work.width * work.scaleX, height: work.height * work.scaleY },
    },
    stacking,
  };
}

function paletteParams(
  o: TraceOptions,
  mode: Mode,
  analysis: Analysis,
  {
    detail,
    economy,
    noisy,
    area,
  }: { detail: number; economy: boolean; noisy: boolean; area: number },
): PaletteParams {
  if (o.palette && o.palette.length > 0) {
    const colours = o.palette.map(parseHex);
    // Returned exactly as given when already '#rrggbb'; other spellings are normalised.
    const names = o.palette.map((s, i) => (/^#[0-9a-fA-F]{6}$/.test(s) ? s : toHex(colours[i])));
    return { kind: 'given', colours, names };
  }
  if (mode === 'bw') return { kind: 'fixed', colours: [0x000000, 0xffffff] };
  const photo = mode === 'photo';
  const count =
    o.colors !== undefined
      ? clamp(Math.round(o.colors), DEFAULTS.colorsMin, DEFAULTS.colorsMax)
      : photo
        ? economy
          ? DEFAULTS.photoColoursEconomy
          : Math.round(12 + detail * 40)
        : undefined;
  return {
    kind: 'quantise',
    exactColoursMax:
      mode === 'pixelart' && o.colors === undefined ? DEFAULTS.pixelArtExactColoursMax : 0,
    quantise: {
      count,
      minDistanceRgb: photo ? DEFAULTS.minColourDistancePhotoRgb : 20 + (1 - detail) * 16,
      maxColours: economy ? DEFAULTS.maxColoursEconomy : Math.round(24 + detail * 48),
      stableThresholdRgb: noisy ? DEFAULTS.stableThresholdRgbNoisy : DEFAULTS.stableThresholdRgb,
      grayscale: mode === 'grayscale' || analysis.grayscale,
      sampleStepPx: economy && area > DEFAULTS.economyFullSampleMaxPx ? 2 : 1,
      noisyVotes: noisy && !photo,
    },
  };
}

/** The working raster size for a pixel budget (the same rounding as the downscaler's). */
function workSize(width: number, height: number, maxPixels: number): WorkSize {
  if (width * height <= maxPixels)
    return { width, height, downscaled: false, scaleX: 1, scaleY: 1 };
  const factor = Math.sqrt((width * height) / maxPixels);
  const w = Math.max(1, Math.round(width / factor));
  const h = Math.max(1, Math.round(height / factor));
  return { width: w, height: h, downscaled: true, scaleX: width / w, scaleY: height / h };
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
