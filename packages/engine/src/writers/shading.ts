/**
 * Gradient fills shared by the PDF and EPS writers: PDF's shading dictionaries and PostScript
 * LanguageLevel 3's (for shfill) are written alike, an axial (type 2) or radial (type 3)
 * shading whose colour is a function of the ramp parameter, in the drawing's pixel space.
 */
import type { Gradient } from '../types.js';
import { unitAt } from '../ramp.js';
import { fmt } from './number.js';
import { rgbOperands } from './path-ops.js';

/** A shading dictionary for the gradient, extended at both ends. */
export function shadingDictionary(g: Gradient): string {
  const stops = [...g.stops];
  if (stops[0].offset > 0) stops.unshift({ ...stops[0], offset: 0 });
  if (stops[stops.length - 1].offset < 1) stops.push({ ...stops[stops.length - 1], offset: 1 });
  const pieces: string[] = [];
  const bounds: string[] = [];
  for (let i = 0; i + 1 < stops.length; i++) {
    if (stops[i + 1].offset <= stops[i].offset) continue;
    if (pieces.length) bounds.push(fmt(stops[i].offset, 4));
    pieces.push(
      `<< /FunctionType 2 /Domain [0 1] /C0 [${rgbOperands(stops[i].color)}] /C1 [${rgbOperands(stops[i + 1].color)}] /N 1 >>`,
    );
  }
  const fn =
    pieces.length === 1
      ? pieces[0]
      : `<< /FunctionType 3 /Domain [0 1] /Functions [${pieces.join(' ')}] /Bounds [${bounds.join(' ')}] /Encode [${pieces.map(() => '0 1').join(' ')}] >>`;
  const n = (v: number) => fmt(v, 3);
  const coords =
    g.type === 'linear'
      ? `/ShadingType 2 /Coords [${n(g.x1)} ${n(g.y1)} ${n(g.x2)} ${n(g.y2)}]`
      : `/ShadingType 3 /Coords [${n(g.fx ?? g.cx)} ${n(g.fy ?? g.cy)} 0 ${n(g.cx)} ${n(g.cy)} ${n(g.r)}]`;
  return `<< ${coords} /ColorSpace /DeviceRGB /Function ${fn} /Extend [true true] >>`;
}

/**
 * The six numbers of the matrix that stretches an elliptic ramp's circle to ry across and turns
 * it to its angle about the centre (PDF's cm, PostScript's concat; applied inside the clip, so
 * only the shading is transformed), or null for the other ramps.
 */
export function stretchMatrix(g: Gradient): string | null {
  if (g.type !== 'radial' || g.ry === undefined) return null;
  const [cos, sin] = unitAt(g.angle ?? 0);
  const k = g.ry / g.r;
  const [a, b, c, d] = [cos, sin, -sin * k, cos * k];
  const e = g.cx - (a * g.cx + c * g.cy),
    f = g.cy - (b * g.cx + d * g.cy);
  return `${[a, b, c, d].map((v) => fmt(v, 6)).join(' ')} ${fmt(e, 3)} ${fmt(f, 3)}`;
}
