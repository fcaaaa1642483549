/**
 * Path output shared by the PDF and EPS writers: both draw with the same operators (PDF's
 * m/l/c/h; EPS defines m/l/c/h as moveto/lineto/curveto/closepath in its prolog) and give
 * colours as three 0..1 operands.
 */
import type { StrokeLayer, SubPath } from '../types.js';
import { hexToRgb, normalise } from './geometry.js';
import { fmt } from './number.js';

/**
 * The operators drawing one subpath (arcs as cubics), coordinates at `precision`; closed with
 * h unless `closed` is false (an open centerline path).
 */
export function subpathOps(sp: SubPath, precision: number, closed = true): string[] {
  const n = (v: number) => fmt(v, precision);
  const ops = [`${n(sp.start.x)} ${n(sp.start.y)} m`];
  for (const s of normalise(sp)) {
    ops.push(
      s.type === 'L'
        ? `${n(s.x)} ${n(s.y)} l`
        : `${n(s.x1)} ${n(s.y1)} ${n(s.x2)} ${n(s.y2)} ${n(s.x)} ${n(s.y)} c`,
    );
  }
  if (closed) ops.push('h');
  return ops;
}

/** The operators of one stroke layer's open (or closed) paths, to be stroked. */
export function strokeOps(layer: StrokeLayer, precision: number): string[] {
  const ops: string[] = [];
  for (const p of layer.paths) ops.push(...subpathOps(p, precision, p.closed ?? false));
  return ops;
}

/** '#rrggbb' as the operands of an RGB colour operator ("r g b", 0..1). */
export function rgbOperands(fill: string): string {
  const [r, g, b] = hexToRgb(fill);
  return `${fmt(r / 255, 4)} ${fmt(g / 255, 4)} ${fmt(b / 255, 4)}`;
}
