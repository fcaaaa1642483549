/**
 * EPS writer (EPSF-3.0): real %%BoundingBox (integer, rounded outwards) and
 * %%HiResBoundingBox in points, a matrix mapping input pixels (y down) to the page, and
 * each layer as one nonzero-filled path built with short procedure names; centerline strokes
 * stroked with round caps and joins.
 * PostScript (levels 2 and 3) has no transparency: a layer with `opacity` is painted opaque in
 * its colour composited over white, which is what it looks like on a white page (over other
 * shapes it hides them instead of tinting them). A gradient layer clips to its path and paints
 * its shading with shfill (LanguageLevel 3; the PDF writer's shading dictionaries), or its
 * average colour where the interpreter has no shfill: the file still prints at Level 2.
 */
import type { VectorDoc, WriteOptions } from '../types.js';
import { hexToRgb, pageSize } from './geometry.js';
import { fmt } from './number.js';
import { rgbOperands, strokeOps, subpathOps } from './path-ops.js';
import { shadingDictionary, stretchMatrix } from './shading.js';

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
    const g = layer.gradient;
    const flat = `${rgbOperands(overWhite(layer.fill, layer.opacity ?? 1))} r`;
    lines.push(g ? 'gsave newpath' : `${flat} newpath`);
    for (const shape of layer.shapes)
      for (const sp of shape.subpaths) lines.push(subpathOps(sp, prec).join(' '));
    if (!g) {
      lines.push('f');
      continue;
    }
    const stretch = stretchMatrix(g);
    const shade = `${stretch ? `[${stretch}] concat ` : ''}${shadingDictionary(g)} shfill`;
    lines.push(`clip newpath /shfill where {pop ${shade}} {${flat} clippath f} ifelse grestore`);
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

function overWhite(fill: string, opacity: number): string {
  if (opacity >= 1) return fill;
  const c = hexToRgb(fill).map((v) => Math.round(v * opacity + 255 * (1 - opacity)));
  return '#' + c.map((v) => v.toString(16).padStart(2, '0')).join('');
}
