/**
 * EPS writer (EPSF-3.0): real %%BoundingBox (integer, rounded outwards) and
 * %%HiResBoundingBox in points, a matrix mapping input pixels (y down) to the page, and
 * each layer as one nonzero-filled path built with short procedure names; centerline strokes
 * stroked with round caps and joins.
 */
import type { VectorDoc, WriteOptions } from '../types.js';
import { pageSize } from './geometry.js';
import { fmt } from './number.js';
import { rgbOperands, strokeOps, subpathOps } from './path-ops.js';

export function toEps(doc: VectorDoc, opts: WriteOptions = {}): string {
  const { wPt, hPt } = pageSize(doc, opts);
  const sx = wPt / doc.width,
    sy = hPt / doc.height;
  const prec = opts.precision ?? 2;
  const lines: string[] = [
    '%!PS-Adobe-3.0 EPSF-3.0',
    `%%BoundingBox: 0 0 ${Math.ceil(wPt)} ${Math.ceil(hPt)}`,
    `%%HiResBoundingBox: 0 0 ${wPt.toFixed(3)} ${hPt.toFixed(3)}`,
    '%%Creator: Tracery',
    '%%LanguageLevel: 2',
    '%%Pages: 1',
    '%%EndComments',
    '%%BeginProlog',
    '/m {moveto} bind def /l {lineto} bind def /c {curveto} bind def /h {closepath} bind def',
    '/f {fill} bind def /r {setrgbcolor} bind def',
    '%%EndProlog',
    '%%Page: 1 1',
    'gsave',
    `0 ${fmt(hPt, 4)} translate ${fmt(sx, 6)} ${fmt(-sy, 6)} scale`,
  ];
  for (const layer of doc.layers) {
    lines.push(`${rgbOperands(layer.fill)} r newpath`);
    for (const shape of layer.shapes)
      for (const sp of shape.subpaths) lines.push(subpathOps(sp, prec).join(' '));
    lines.push('f');
  }
  for (const s of doc.strokes ?? []) {
    lines.push(
      `${rgbOperands(s.stroke)} r ${fmt(s.width, 3)} setlinewidth 1 setlinecap 1 setlinejoin newpath`,
    );
    lines.push(strokeOps(s, prec).join(' '), 'stroke');
  }
  lines.push('grestore', 'showpage', '%%Trailer', '%%EOF', '');
  return lines.join('\n');
}
