/**
 * SVG writer: one <path> per layer with compact relative path data (relative coordinates are
 * computed from the rounded current point, so they stay short and never drift; h/v for axis
 * lines; separators only where needed), fixed precision, nonzero fill (holes wind opposite to
 * their outer loop), viewBox in input pixels and width/height in the requested units.
 * Gradient layers fill with a <linearGradient>/<radialGradient> defined in <defs> (user space,
 * input px). Centerline strokes: one unfilled <path> per stroke width, round caps and joins.
 * No scripts, no external references.
 */
import type { Gradient, Segment, SubPath, VectorDoc, WriteOptions } from '../types.js';
import { fmt, roundTo } from './number.js';
import { pageSize } from './geometry.js';

export function defaultPrecision(doc: VectorDoc): number {
  const m = Math.max(doc.width, doc.height);
  if (doc.mode === 'photo' || doc.mode === 'pixelart') return m <= 128 ? 1 : 0;
  return m <= 128 ? 2 : m <= 2048 ? 1 : 0;
}

export function toSvg(doc: VectorDoc, opts: WriteOptions = {}): string {
  const prec = opts.precision ?? defaultPrecision(doc);
  const { w, h, units } = pageSize(doc, opts);
  const u = units === 'px' ? '' : units;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${doc.width} ${doc.height}" width="${fmtSize(w)}${u}" height="${fmtSize(h)}${u}">`,
  ];
  const defs: string[] = [];
  for (const layer of doc.layers) {
    const d = layer.shapes.map((s) => s.subpaths.map((sp) => pathData(sp, prec)).join('')).join('');
    if (!d) continue;
    const op =
      layer.opacity !== undefined && layer.opacity < 1
        ? ` fill-opacity="${fmt(layer.opacity, 3)}"`
        : '';
    let fill = shortHex(layer.fill);
    if (layer.gradient) {
      const id = `g${defs.length}`;
      defs.push(gradientElement(layer.gradient, id, prec));
      fill = `url(#${id})`;
    }
    parts.push(`<path fill="${fill}"${op} d="${d}"/>`);
  }
  for (const s of doc.strokes ?? []) {
    const d = s.paths.map((p) => pathData(p, prec, p.closed ?? false)).join('');
    if (!d) continue;
    parts.push(
      `<path fill="none" stroke="${shortHex(s.stroke)}" stroke-width="${fmt(s.width, 2)}" stroke-linecap="round" stroke-linejoin="round" d="${d}"/>`,
    );
  }
  if (defs.length) parts.splice(1, 0, `<defs>${defs.join('')}</defs>`);
  parts.push('</svg>');
  return parts.join('');
}

function gradientElement(g: Gradient, id: string, prec: number): string {
  const n = (v: number) => fmt(v, prec);
  const stops = g.stops
    .map((s) => `<stop offset="${fmt(s.offset, 3) || '0'}" stop-color="${shortHex(s.color)}"/>`)
    .join('');
  return g.type === 'linear'
    ? `<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${n(g.x1)}" y1="${n(g.y1)}" x2="${n(g.x2)}" y2="${n(g.y2)}">${stops}</linearGradient>`
    : `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(g.cx)}" cy="${n(g.cy)}" r="${n(g.r)}"${focal(g, n)}${stretched(g, n)}>${stops}</radialGradient>`;
}

/** A focal ramp's focal point, where its circles start. */
function focal(g: Gradient & { type: 'radial' }, n: (v: number) => string): string {
  return g.fx === undefined || g.fy === undefined ? '' : ` fx="${n(g.fx)}" fy="${n(g.fy)}"`;
}

/** An elliptic ramp's circle, stretched to ry across and turned to its angle about the centre. */
function stretched(g: Gradient & { type: 'radial' }, n: (v: number) => string): string {
  if (g.ry === undefined) return '';
  const c = `${n(g.cx)} ${n(g.cy)}`;
  const k = fmt(g.ry / g.r, 4);
  return ` gradientTransform="translate(${c}) rotate(${fmt(g.angle ?? 0, 2)}) scale(1 ${k}) translate(${n(-g.cx)} ${n(-g.cy)})"`;
}

function fmtSize(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

function shortHex(c: string): string {
  const m = /^#([0-9a-f])\1([0-9a-f])\2([0-9a-f])\3$/i.exec(c);
  return m ? `#${m[1]}${m[2]}${m[3]}` : c;
}

/** The numbers of the command being written: reused, one command is written at a time. */
const nums: string[] = [];

/** nums[0 .. count) with the fewest separators (a '-' sign separates by itself). */
function joined(count: number): string {
  let s = nums[0];
  for (let i = 1; i < count; i++) {
    const v = nums[i];
    if (v.startsWith('-') || (v.startsWith('.') && nums[i - 1].includes('.'))) s += v;
    else s += ' ' + v;
  }
  return s;
}

/** `closed` false: an open path (no closing 'z', a last segment back to the start is drawn). */
export function pathData(sp: SubPath, prec: number, closed = true): string {
  let cx = roundTo(sp.start.x, prec),
    cy = roundTo(sp.start.y, prec);
  const sx = cx,
    sy = cy;
  nums[0] = fmt(cx, prec);
  nums[1] = fmt(cy, prec);
  let out = 'M' + joined(2);
  let last = '';
  const segs: Segment[] = sp.segments;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i];
    const isLast = i === segs.length - 1;
    const x = roundTo(s.x, prec),
      y = roundTo(s.y, prec);
    let cmd: string, count: number;
    if (s.type === 'L') {
      if (closed && isLast && x === sx && y === sy) break; // Z closes it
      const dx = roundTo(x - cx, prec),
        dy = roundTo(y - cy, prec);
      if (dx === 0 && dy === 0) continue;
      if (dy === 0) {
        cmd = 'h';
        nums[0] = fmt(dx, prec);
        count = 1;
      } else if (dx === 0) {
        cmd = 'v';
        nums[0] = fmt(dy, prec);
        count = 1;
      } else {
        cmd = 'l';
        nums[0] = fmt(dx, prec);
        nums[1] = fmt(dy, prec);
        count = 2;
      }
    } else if (s.type === 'C') {
      cmd = 'c';
      nums[0] = fmt(s.x1 - cx, prec);
      nums[1] = fmt(s.y1 - cy, prec);
      nums[2] = fmt(s.x2 - cx, prec);
      nums[3] = fmt(s.y2 - cy, prec);
      nums[4] = fmt(x - cx, prec);
      nums[5] = fmt(y - cy, prec);
      count = 6;
    } else {
      cmd = 'a';
      nums[0] = nums[1] = fmt(s.r, prec);
      nums[2] = '0';
      nums[3] = s.large ? '1' : '0';
      nums[4] = s.sweep ? '1' : '0';
      nums[5] = fmt(x - cx, prec);
      nums[6] = fmt(y - cy, prec);
      count = 7;
    }
    const body = joined(count);
    // A repeated command is left out: its numbers follow the last ones.
    out += cmd === last ? (body.startsWith('-') ? body : ' ' + body) : cmd + body;
    last = cmd;
    cx = x;
    cy = y;
  }
  return closed ? out + 'z' : out;
}
