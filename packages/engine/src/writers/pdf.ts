/**
 * PDF 1.4 writer: one page, MediaBox in points, the drawing as native vector paths
 * (m/l/c/h, filled with f = nonzero winding; centerline strokes with S) in a content stream whose
 * matrix maps input pixels (y down) onto the page; per-layer opacity through ExtGState; gradient
 * layers clip to their path and paint an axial (type 2) or radial (type 3) shading; exact xref
 * byte offsets.
 */
import type { Gradient, VectorDoc, WriteOptions } from '../types.js';
import { pageSize } from './geometry.js';
import { fmt } from './number.js';
import { unitAt } from '../ramp.js';
import { rgbOperands, strokeOps, subpathOps } from './path-ops.js';

export function toPdf(doc: VectorDoc, opts: WriteOptions = {}): Uint8Array {
  const { wPt, hPt } = pageSize(doc, opts);
  const sx = wPt / doc.width,
    sy = hPt / doc.height;
  const prec = opts.precision ?? 2;
  const ops: string[] = [`${fmt(sx, 6)} 0 0 ${fmt(-sy, 6)} 0 ${fmt(hPt, 4)} cm`];
  const alphas: number[] = [];
  const shadings: string[] = [];
  for (const layer of doc.layers) {
    ops.push('q');
    if (layer.opacity !== undefined && layer.opacity < 1) {
      let i = alphas.indexOf(layer.opacity);
      if (i < 0) {
        alphas.push(layer.opacity);
        i = alphas.length - 1;
      }
      ops.push(`/GS${i} gs`);
    }
    if (!layer.gradient) ops.push(`${rgbOperands(layer.fill)} rg`);
    for (const shape of layer.shapes)
      for (const sp of shape.subpaths) ops.push(...subpathOps(sp, prec));
    if (layer.gradient) {
      shadings.push(shading(layer.gradient));
      ops.push('W n', ...stretch(layer.gradient), `/Sh${shadings.length - 1} sh`, 'Q');
    } else ops.push('f', 'Q');
  }
  for (const s of doc.strokes ?? []) {
    // Round caps and joins (1 J 1 j), width in input px like the coordinates; S strokes.
    ops.push('q', `${rgbOperands(s.stroke)} RG`, `${fmt(s.width, 3)} w 1 J 1 j`);
    ops.push(...strokeOps(s, prec), 'S', 'Q');
  }
  const content = ops.join('\n') + '\n';
  const gs = alphas
    .map((a, i) => `/GS${i} << /Type /ExtGState /ca ${fmt(a, 3)} /CA ${fmt(a, 3)} >>`)
    .join(' ');
  const sh = shadings.map((d, i) => `/Sh${i} ${d}`).join(' ');
  const resources = `<< ${gs ? `/ExtGState << ${gs} >> ` : ''}${sh ? `/Shading << ${sh} >> ` : ''}>>`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${fmt(wPt, 3)} ${fmt(hPt, 3)}] /Resources ${resources} /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}endstream`,
  ];
  let out = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const bytes = new Uint8Array(out.length);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i) & 255;
  return bytes;
}

/**
 * An elliptic ramp's circle stretched to ry across and turned to its angle about the centre
 * (inside the clip, so only the shading is transformed); nothing for the other ramps.
 */
function stretch(g: Gradient): string[] {
  if (g.type !== 'radial' || g.ry === undefined) return [];
  const [cos, sin] = unitAt(g.angle ?? 0);
  const k = g.ry / g.r;
  const [a, b, c, d] = [cos, sin, -sin * k, cos * k];
  const e = g.cx - (a * g.cx + c * g.cy),
    f = g.cy - (b * g.cx + d * g.cy);
  return [`${[a, b, c, d].map((v) => fmt(v, 6)).join(' ')} ${fmt(e, 3)} ${fmt(f, 3)} cm`];
}

/** A shading dictionary for the gradient (in the content's pixel space), extended at both ends. */
function shading(g: Gradient): string {
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
