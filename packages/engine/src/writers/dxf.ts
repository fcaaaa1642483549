/**
 * DXF writer for cutters (laser, vinyl, CNC), AutoCAD 2000 ASCII: the cut lines of
 * cut-lines.ts (every visible boundary once, no page frame unless asked), one layer per
 * colour named COLOR_RRGGBB with its true colour (group 420) and the nearest colour index as
 * a fallback, y up, in real units ($INSUNITS). Lines and arcs become LWPOLYLINE vertices and
 * bulges (bulge = tan(sweep / 4)); curves become SPLINEs (cubic, clamped, one knot of
 * multiplicity 3 per joint, so corners stay corners) or fine polyline vertices, by choice.
 * DXF has no point or pixel unit: pt is written in inches (72 pt = 1 in) and px in
 * millimetres at 96 px per inch, the size SVG readers give a px.
 */
import type { Point, Segment, VectorDoc, WriteOptions } from '../types.js';
import { nearestAci } from './aci.js';
import { cutLines, type CutPath } from './cut-lines.js';
import { hexToRgb, pageSize } from './geometry.js';
import { arcGeometry, sampleSegment } from './segment-pieces.js';

/** $INSUNITS code of each output unit and how many DXF units one output unit is. */
const DXF_UNITS: Record<string, { code: number; per: number; mm: number }> = {
  mm: { code: 4, per: 1, mm: 1 },
  cm: { code: 5, per: 1, mm: 10 },
  in: { code: 1, per: 1, mm: 25.4 },
  pt: { code: 1, per: 1 / 72, mm: 25.4 },
  px: { code: 4, per: 25.4 / 96, mm: 1 },
};
/** Chord tolerance of flattened curves, in mm on the cut piece. */
const FLATTEN_MM = 0.01;

type Emit = (code: number, value: string | number) => void;

export function toDxf(doc: VectorDoc, opts: WriteOptions = {}): string {
  const page = pageSize(doc, opts);
  const unit = DXF_UNITS[page.units] ?? DXF_UNITS.px;
  const sx = (page.w / doc.width) * unit.per,
    sy = (page.h / doc.height) * unit.per;
  const prec = opts.precision ?? 4;
  const out: string[] = [];
  const g: Emit = (code, value) => out.push(String(code), String(value));
  const num = (v: number) => {
    const s = v.toFixed(prec);
    return Number(s) === 0 ? '0' : s;
  };
  const xy = (p: Point): [string, string] => [num(p.x * sx), num((doc.height - p.y) * sy)];
  const mmPerPx = Math.max(sx, sy) * unit.mm;
  const writer: PathWriter = {
    g,
    xy,
    num,
    tolPx: Math.min(0.1, FLATTEN_MM / mmPerPx),
    // Bulges are circular: under unequal x and y scales an arc is no longer one.
    bulges: Math.abs(sx - sy) <= 1e-9 * Math.max(sx, sy),
  };

  const paths = [...cutLines(doc, opts.dxfBackground ?? false), ...strokePaths(doc)];
  const fills = [...new Set(paths.map((p) => p.fill))];

  g(0, 'SECTION');
  g(2, 'HEADER');
  g(9, '$ACADVER');
  g(1, 'AC1015');
  g(9, '$INSUNITS');
  g(70, unit.code);
  g(9, '$MEASUREMENT');
  g(70, unit.code === 1 ? 0 : 1);
  g(9, '$EXTMIN');
  g(10, 0);
  g(20, 0);
  g(30, 0);
  g(9, '$EXTMAX');
  g(10, num(page.w * unit.per));
  g(20, num(page.h * unit.per));
  g(30, 0);
  g(0, 'ENDSEC');

  g(0, 'SECTION');
  g(2, 'TABLES');
  g(0, 'TABLE');
  g(2, 'LAYER');
  g(70, fills.length);
  for (const fill of fills) {
    g(0, 'LAYER');
    g(100, 'AcDbSymbolTableRecord');
    g(100, 'AcDbLayerTableRecord');
    g(2, layerName(fill));
    g(70, 0);
    g(62, nearestAci(fill));
    g(420, trueColour(fill));
    g(6, 'CONTINUOUS');
  }
  g(0, 'ENDTAB');
  g(0, 'ENDSEC');

  g(0, 'SECTION');
  g(2, 'ENTITIES');
  for (const path of paths) {
    if (opts.dxfCurves === 'spline') writeWithSplines(writer, path);
    else writePolyline(writer, path, path.start, path.segments, path.closed);
  }
  g(0, 'ENDSEC');
  g(0, 'EOF');
  return out.join('\n') + '\n';
}

/** Centerline strokes: open paths (closed only when a loop), so each is cut or plotted once. */
const strokePaths = (doc: VectorDoc): CutPath[] =>
  (doc.strokes ?? []).flatMap((s) =>
    s.paths.map((p) => ({
      fill: s.stroke,
      start: p.start,
      segments: p.segments,
      closed: p.closed ?? false,
    })),
  );

const layerName = (fill: string) => 'COLOR_' + fill.slice(1).toUpperCase();

function trueColour(fill: string): number {
  const [r, gr, b] = hexToRgb(fill);
  return (r << 16) | (gr << 8) | b;
}

interface PathWriter {
  g: Emit;
  xy: (p: Point) => [string, string];
  num: (v: number) => string;
  tolPx: number;
  bulges: boolean;
}

function entityHeader(w: PathWriter, type: string, fill: string, subclass: string): void {
  w.g(0, type);
  w.g(100, 'AcDbEntity');
  w.g(8, layerName(fill));
  w.g(62, nearestAci(fill));
  w.g(420, trueColour(fill));
  w.g(100, subclass);
}

/** Lines, arcs as bulges and curves as fine vertices, in one LWPOLYLINE. */
function writePolyline(
  w: PathWriter,
  path: CutPath,
  start: Point,
  segments: Segment[],
  closed: boolean,
): void {
  const verts: { p: Point; bulge: number }[] = [{ p: start, bulge: 0 }];
  let p0 = start;
  for (const s of segments) {
    const arc = s.type === 'A' && w.bulges ? arcGeometry(p0, s) : null;
    if (arc) {
      // y flips, so the turn flips: a sweep drawn clockwise on screen is a negative bulge.
      verts[verts.length - 1].bulge = Math.tan(-arc.da / 4);
      verts.push({ p: s, bulge: 0 });
    } else if (s.type === 'L') {
      verts.push({ p: s, bulge: 0 });
    } else {
      const smp = sampleSegment(p0, s, w.tolPx);
      for (let k = 1; k < smp.x.length; k++)
        verts.push({ p: { x: smp.x[k], y: smp.y[k] }, bulge: 0 });
    }
    p0 = s;
  }
  if (closed && verts.length > 1) verts.pop(); // the closing vertex is the first one
  entityHeader(w, 'LWPOLYLINE', path.fill, 'AcDbPolyline');
  w.g(90, verts.length);
  w.g(70, closed ? 1 : 0);
  for (const { p, bulge } of verts) {
    const [x, y] = w.xy(p);
    w.g(10, x);
    w.g(20, y);
    if (bulge !== 0) w.g(42, w.num(bulge));
  }
}

/**
 * Curves as SPLINEs: a path with curves and no arcs is one SPLINE (its lines as straight
 * cubics); arcs stay polyline bulges, so a path mixing both is cut into runs.
 */
function writeWithSplines(w: PathWriter, path: CutPath): void {
  const { segments } = path;
  if (!segments.some((s) => s.type === 'C'))
    return writePolyline(w, path, path.start, segments, path.closed);
  let p0 = path.start;
  let run: Segment[] = [];
  let runStart = p0;
  const flush = () => {
    if (run.length === 0) return;
    if (run.some((s) => s.type === 'C')) writeSpline(w, path, runStart, run);
    else writePolyline(w, path, runStart, run, false);
    run = [];
  };
  for (const s of segments) {
    if (run.length > 0 && (run[0].type === 'A') !== (s.type === 'A')) flush();
    if (run.length === 0) runStart = p0;
    run.push(s);
    p0 = s;
  }
  flush();
}

function writeSpline(w: PathWriter, path: CutPath, start: Point, segments: Segment[]): void {
  const ctrl: Point[] = [start];
  let p0 = start;
  for (const s of segments) {
    if (s.type === 'C') ctrl.push({ x: s.x1, y: s.y1 }, { x: s.x2, y: s.y2 }, s);
    else
      ctrl.push(
        { x: p0.x + (s.x - p0.x) / 3, y: p0.y + (s.y - p0.y) / 3 },
        { x: p0.x + ((s.x - p0.x) * 2) / 3, y: p0.y + ((s.y - p0.y) * 2) / 3 },
        s,
      );
    p0 = s;
  }
  const m = segments.length;
  const knots = [0, 0, 0, 0];
  for (let k = 1; k < m; k++) knots.push(k, k, k);
  knots.push(m, m, m, m);
  entityHeader(w, 'SPLINE', path.fill, 'AcDbSpline');
  w.g(70, 8); // planar
  w.g(71, 3);
  w.g(72, knots.length);
  w.g(73, ctrl.length);
  w.g(74, 0);
  for (const k of knots) w.g(40, k);
  for (const p of ctrl) {
    const [x, y] = w.xy(p);
    w.g(10, x);
    w.g(20, y);
    w.g(30, 0);
  }
}
