/**
 * Public types of the Tracery engine: the raster input, the options, and the intermediate
 * vector model (VectorDoc) that every writer consumes.
 */

/** RGBA raster, 4 bytes per pixel, row-major; alpha is meaningful (0 = transparent). */
export interface RasterImage {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

export type TraceMode = 'auto' | 'bw' | 'grayscale' | 'color' | 'photo' | 'pixelart' | 'centerline';
export type OutputUnits = 'px' | 'pt' | 'in' | 'cm' | 'mm';

/**
 * The part of AbortSignal the engine uses (the engine compiles without DOM or Node typings;
 * a real AbortSignal satisfies it).
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

export interface TraceOptions {
  /** Default 'auto': picked by the analyse stage. */
  mode?: TraceMode;
  /** Exact colour count when given (2..256). */
  colors?: number;
  /** Optional '#rrggbb' colours, returned exactly as given. */
  palette?: string[];
  /** 0..1, default 0.5: higher keeps more detail (tighter fitting, smaller speckles). */
  detail?: number;
  /** Degrees of turning above which a boundary point is kept as a sharp corner. */
  cornerThreshold?: number;
  /** Area in px below which regions merge into their neighbours. */
  speckle?: number;
  /** 'stacked' (default): shapes extend under later ones; 'cutout': exact tiling. */
  stacking?: 'stacked' | 'cutout';
  /** Checked between stages and inside long loops; aborting throws an Error named 'AbortError'. */
  signal?: AbortSignalLike;
  /** Called with a stage name and the overall fraction done (0..1). */
  onProgress?: (stage: string, fraction: number) => void;
}

export interface Point {
  x: number;
  y: number;
}

/** Straight segment to (x, y). */
export interface LineSeg {
  type: 'L';
  x: number;
  y: number;
}

/** Cubic Bézier to (x, y) with control points (x1, y1), (x2, y2). */
export interface CubicSeg {
  type: 'C';
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  x: number;
  y: number;
}

/** Circular arc to (x, y) (SVG arc semantics: radius r, flags). */
export interface ArcSeg {
  type: 'A';
  r: number;
  large: boolean;
  sweep: boolean;
  x: number;
  y: number;
}

export type Segment = LineSeg | CubicSeg | ArcSeg;

/** A closed subpath: starts at `start`, the last segment returns to `start`. */
export interface SubPath {
  start: Point;
  segments: Segment[];
}

/**
 * One filled shape: outer loops and holes, filled with the nonzero winding rule (holes wind
 * opposite to their outer loop, so shapes of one layer may also overlap safely).
 */
export interface Shape {
  subpaths: SubPath[];
}

/** A colour stop of a gradient: offset 0..1 along the ramp, '#rrggbb'. */
export interface GradientStop {
  offset: number;
  color: string;
}

/**
 * A colour ramp in input px (SVG semantics, userSpaceOnUse, padded beyond the end stops):
 * linear from (x1, y1) to (x2, y2), or radial from the centre (cx, cy) out to radius r; a radial
 * one with a focal point (fx, fy), inside the circle, starts there (SVG's fx/fy: the circles of
 * equal colour grow from the focal point to the outer circle); one with `ry` is elliptic, its
 * circles stretched to ellipses of radius r along `angle` (degrees, clockwise from the x axis as
 * y points down) and ry across. The engine writes at most one of the two.
 */
export type Gradient =
  | { type: 'linear'; x1: number; y1: number; x2: number; y2: number; stops: GradientStop[] }
  | {
      type: 'radial';
      cx: number;
      cy: number;
      r: number;
      fx?: number;
      fy?: number;
      ry?: number;
      angle?: number;
      stops: GradientStop[];
    };

/**
 * Shapes of one colour, painted in order; layers are painted first to last. With `gradient`
 * the shapes are filled by the ramp and `fill` is its average colour (for flat-only outputs).
 */
export interface Layer {
  fill: string;
  opacity?: number;
  gradient?: Gradient;
  shapes: Shape[];
}

/**
 * An open path (centerline mode): starts at `start` and ends where its last segment ends;
 * `closed` when it is a loop that returns to `start` (drawn joined, without caps).
 */
export interface OpenPath {
  start: Point;
  segments: Segment[];
  closed?: boolean;
}

/** Open paths drawn with one stroke colour and width (px), round caps and joins, no fill. */
export interface StrokeLayer {
  stroke: string;
  width: number;
  paths: OpenPath[];
}

export interface VectorDoc {
  /** Size in input pixels; all coordinates are in input pixels, y down. */
  width: number;
  height: number;
  layers: Layer[];
  /** Stroked open paths, painted after the layers (centerline mode). */
  strokes?: StrokeLayer[];
  stacking: 'stacked' | 'cutout';
  /** The mode actually used (after 'auto' was resolved). */
  mode: Exclude<TraceMode, 'auto'>;
}

export interface WriteOptions {
  /** Output width in `units` (default: the input width in px, or height-proportional). */
  width?: number;
  height?: number;
  units?: OutputUnits;
  /** Decimal places of coordinates (default chosen from the image size). */
  precision?: number;
  /** DXF: curves as SPLINE entities or as fine polylines (default 'polyline'). */
  dxfCurves?: 'spline' | 'polyline';
  /** DXF: keep the bottom shape that spans the whole canvas (default false: no page frame). */
  dxfBackground?: boolean;
}
