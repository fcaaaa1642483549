/**
 * PDF 1.4 writer: one page, MediaBox in points, the drawing as native vector paths
 * (m/l/c/h, filled with f = nonzero winding; centerline strokes with S) in a content stream whose
 * matrix maps input pixels (y down) onto the page; per-layer opacity through ExtGState; gradient
 * layers clip to their path and paint an axial (type 2) or radial (type 3) shading; exact xref
 * byte offsets.
 */
import type { VectorDoc, WriteOptions } from '../types.js';
import { pageSize } from './geometry.js';
import { fmt } from './number.js';
import { rgbOperands, strokeOps, subpathOps } from './path-ops.js';
import { shadingDictionary, stretchMatrix } from './shading.js';

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
      shadings.push(shadingDictionary(layer.gradient));
      const stretch = stretchMatrix(layer.gradient);
      ops.push('W n', ...(stretch ? [`${stretch} cm`] : []), `/Sh${shadings.length - 1} sh`, 'Q');
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
