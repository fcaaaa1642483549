/** Tracery engine: public API. */
export type {
  RasterImage,
  TraceMode,
  OutputUnits,
  TraceOptions,
  VectorDoc,
  WriteOptions,
  Layer,
  Gradient,
  GradientStop,
  Shape,
  AbortSignalLike,
  SubPath,
  Segment,
  LineSeg,
  CubicSeg,
  ArcSeg,
  Point,
  OpenPath,
  StrokeLayer,
} from './types.js';
export { trace } from './trace.js';
export { toSvg } from './writers/svg.js';
export { toPdf } from './writers/pdf.js';
export { toEps } from './writers/eps.js';
export { toDxf } from './writers/dxf.js';
export { enginePresets } from './presets.js';
export { compareImages } from './compare.js';
export { edgeOffset } from './edge-offset.js';
export { qualityScore } from './quality.js';
export { warmUp, warmUpImage } from './warm-up.js';
