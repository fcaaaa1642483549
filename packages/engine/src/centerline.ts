/**
 * Centerline mode: line drawings become open stroked paths along the middle of their strokes
 * (for engraving, plotters and single-line fonts) instead of filled outlines.
 * ink and skeleton (skeleton.ts) → graph, spurs pruned, junctions joined (skeleton-graph.ts) →
 * each chain moved onto the middle of its stroke's anti-aliased cross-section, its width read
 * from the same cross-sections (median) → fitted with the outline fitter's open-chain fit.
 */
import type { Control } from './abort.js';
import type { WorkImage } from './image.js';
import type { TraceParams } from './params.js';
import { fitLoop, fitOpen } from './outline-fit.js';
import { snap } from './colour.js';
import { toHex } from './palette.js';
import { centre, extendEnds, median, seamOnStraight, sharpenCorners } from './centerline-refine.js';
import { distanceTransform, inkField, thin } from './skeleton.js';
import { chains, mergeJunctions, pruneSpurs, skeletonGraph } from './skeleton-graph.js';
import { rectPath } from './assemble.js';
import type { Layer, OpenPath, StrokeLayer, VectorDoc } from './types.js';

/** A branch to a stroke end shorter than this many junction radii (≈ one stroke width) is a spur. */
const SPUR_RADII = 2;
/** Edges through a junction continue each other when they turn by less than this. */
const STRAIGHT_DEG = 40;
/** Paths whose widths are within this ratio share one stroke layer (one SVG path element). */
const WIDTH_GROUP_RATIO = 1.15;
const MIN_TOLERANCE_PX = 0.35;

export function traceCenterline(img: WorkImage, params: TraceParams, ctl: Control): VectorDoc {
  const field = inkField(img);
  const { width: w, height: h, ink } = field;
  const dt = distanceTransform(ink, w, h);
  ctl.progress('skeleton', 0.3);
  const skel = thin(ink, w, h, ctl);
  ctl.progress('graph', 0.6);
  const graph = skeletonGraph(skel, dt, w, h);
  pruneSpurs(graph, SPUR_RADII);
  mergeJunctions(graph);
  const runs = chains(graph, (STRAIGHT_DEG * Math.PI) / 180);

  ctl.progress('fit', 0.8);
  const { scaleX: sx, scaleY: sy } = params.work;
  const curves = {
    tolerancePx: Math.max(MIN_TOLERANCE_PX, params.fit.tolerancePx / sx),
    cornerAngleRad: params.fit.cornerAngleRad,
    newtonRounds: params.fit.newtonRounds,
  };
  const fitted: { path: OpenPath; width: number }[] = [];
  for (const run of runs) {
    if (run.pts.length < 2) continue;
    seamOnStraight(run);
    const width = centre(run, field, dt);
    extendEnds(run, field, width);
    sharpenCorners(run, field, width);
    const pts = run.pts.map((p) => ({ x: p.x * sx, y: p.y * sy }));
    const path: OpenPath = run.closed
      ? { ...fitLoop(pts.slice(0, -1), curves), closed: true }
      : { start: pts[0], segments: fitOpen(pts, curves) };
    fitted.push({ path, width: width * Math.sqrt(sx * sy) });
  }
  const hex = (c: number) => toHex(snap((c >> 16) & 255, (c >> 8) & 255, c & 255));
  const { width: w0, height: h0 } = params;
  const ground: Layer[] =
    field.ground === null
      ? []
      : [{ fill: hex(field.ground), shapes: [{ subpaths: [rectPath(0, 0, w0, h0)] }] }];
  ctl.progress('done', 1);
  return {
    width: w0,
    height: h0,
    layers: ground,
    strokes: groupByWidth(fitted, hex(field.colour)),
    stacking: params.stacking,
    mode: 'centerline',
  };
}

/** Paths of about one width share a layer drawn at their median width (0.1 px steps). */
function groupByWidth(paths: { path: OpenPath; width: number }[], stroke: string): StrokeLayer[] {
  const sorted = paths.slice().sort((a, b) => a.width - b.width);
  const layers: StrokeLayer[] = [];
  let group: typeof sorted = [];
  const flush = () => {
    if (!group.length) return;
    const width = Math.round(median(group.map((g) => g.width)) * 10) / 10;
    layers.push({ stroke, width, paths: group.map((g) => g.path) });
    group = [];
  };
  for (const p of sorted) {
    if (group.length && p.width > group[0].width * WIDTH_GROUP_RATIO) flush();
    group.push(p);
  }
  flush();
  return layers;
}
