/**
 * Stage 7, assemble: collects the fitted shapes into paint-ordered colour layers. In stacked
 * mode the first region (the largest box, normally the background) becomes the full canvas
 * rectangle when nothing is transparent, since every other shape is painted over it;
 * consecutive shapes of one colour share a layer (one SVG path element).
 */
import type { RegionShape } from './fit.js';
import type { GradientPalette } from './gradients.js';
import type { Layer, Point, Shape, SubPath, VectorDoc, TraceMode } from './types.js';

export function rectPath(x0: number, y0: number, x1: number, y1: number): SubPath {
  const pts: Point[] = [
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
    { x: x0, y: y0 },
  ];
  return {
    start: { x: x0, y: y0 },
    segments: pts.map((p) => ({ type: 'L' as const, x: p.x, y: p.y })),
  };
}

export function assemble(
  size: { width: number; height: number },
  shapes: RegionShape[],
  palette: GradientPalette,
  stacking: 'stacked' | 'cutout',
  mode: Exclude<TraceMode, 'auto'>,
): VectorDoc {
  const { names: fills, alpha, gradients } = palette;
  const { width, height } = size;
  const layers: Layer[] = [];
  for (const it of shapes) {
    const subpaths = it.canvas ? [rectPath(0, 0, width, height)] : it.subpaths;
    if (subpaths.length === 0) continue;
    const shape: Shape = { subpaths };
    const fill = fills[it.colour];
    const a = alpha ? alpha[it.colour] : 255;
    const opacity = a < 255 ? Math.round((a / 255) * 1000) / 1000 : undefined;
    const gradient = gradients?.[it.colour];
    const last = layers[layers.length - 1];
    if (last && last.fill === fill && last.opacity === opacity && last.gradient === gradient)
      last.shapes.push(shape);
    else
      layers.push({
        fill,
        ...(opacity !== undefined ? { opacity } : {}),
        ...(gradient ? { gradient } : {}),
        shapes: [shape],
      });
  }
  return { width, height, layers, stacking, mode };
}
