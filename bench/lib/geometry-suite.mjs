// The geometry suite of `npm run bench`: every shape of lib/geometry.mjs at several sizes,
// anti-aliased, 1-bit and JPEG (quality 70), traced by Tracery, VTracer and Potrace (where the
// CLI is installed), each output rendered by resvg at 8x and scored against the true outline.
import sharp from 'sharp';
import { toSvg, trace } from '../../packages/engine/dist/index.js';
import { countSvgSegments, loadEngines } from './engines.mjs';
import {
  edgesAndCorners,
  maskFromRgba,
  outlineError,
  renderShape,
  SCALE,
  shapes,
  truthMask,
} from './geometry.mjs';
import { median, render } from './metrics.mjs';

export const SIZES = [32, 64, 128];
export const VARIANTS = ['aa', '1bit', 'jpeg'];

async function jpeg(rgba, s) {
  const jpg = await sharp(Buffer.from(rgba), { raw: { width: s, height: s, channels: 4 } })
    .removeAlpha()
    .jpeg({ quality: 70 })
    .toBuffer();
  return new Uint8Array(await sharp(jpg).ensureAlpha().raw().toBuffer());
}

/** All inputs: { id, shape, size, variant, rgba }. */
export async function geometryInputs({ sizes = SIZES, variants = VARIANTS } = {}) {
  const items = [];
  for (const size of sizes)
    for (const shape of shapes(size)) {
      const aa = renderShape(shape, size, 'aa');
      for (const variant of variants) {
        const rgba =
          variant === 'aa'
            ? aa
            : variant === '1bit'
              ? renderShape(shape, size, '1bit')
              : await jpeg(aa, size);
        items.push({ id: `${shape.name}-${size}-${variant}`, shape, size, variant, rgba });
      }
    }
  return items;
}

/** Scores every engine on every input: [{ engine, id, shape, size, variant, ...scores }]. */
export async function runGeometry({ sizes, variants, engineNames } = {}) {
  const items = await geometryInputs({ sizes, variants });
  const peers = loadEngines().filter(
    (e) => e.name === 'vtracer' || e.name === 'potrace-c' || e.name === 'tracery',
  );
  const engines = peers.filter((e) => !engineNames || engineNames.includes(e.name));
  const results = [];
  for (const [n, it] of items.entries()) {
    if (process.stderr.isTTY) process.stderr.write(`\rgeometry ${n + 1}/${items.length}`);
    const W = it.size * SCALE;
    const truth = truthMask(it.shape, it.size);
    const input = { width: it.size, height: it.size, rgba: it.rgba };
    for (const engine of engines) {
      let svg, doc;
      const t = performance.now();
      if (engine.name === 'tracery') {
        doc = trace({ width: it.size, height: it.size, data: it.rgba });
        svg = toSvg(doc);
      } else svg = (await engine.run(input)).svg;
      const ms = performance.now() - t;
      const err = outlineError(truth, maskFromRgba(render(svg, W, W), W, W), it.size);
      const segments = shapeSegments(svg);
      results.push({
        engine: engine.name,
        id: it.id,
        shape: it.shape.name,
        size: it.size,
        variant: it.variant,
        ...err,
        segments,
        ratio: segments / it.shape.minimal,
        ...(doc ? edgesAndCorners(it.shape, doc) : {}),
        ms,
      });
    }
  }
  if (process.stderr.isTTY) process.stderr.write('\n');
  return results;
}

/**
 * Segments of the dark (shape) paths only: the white background every engine may paint (a
 * canvas rectangle) is not part of the shape's outline, so it does not count against the
 * shape's minimal segment count. A path's fill is its own `fill` or its enclosing group's.
 */
export function shapeSegments(svg) {
  const fills = [];
  let total = 0;
  for (const [tag] of svg.matchAll(/<\/?[a-zA-Z][^>]*>/g)) {
    const fill = /\sfill="([^"]*)"/.exec(tag)?.[1];
    if (tag.startsWith('</g')) fills.pop();
    else if (tag.startsWith('<g')) fills.push(fill ?? fills[fills.length - 1]);
    else if (tag.startsWith('<path')) {
      const f = fill ?? fills[fills.length - 1] ?? '#000';
      if (!isLight(f)) total += countSvgSegments(tag);
    }
  }
  return total;
}

function isLight(fill) {
  let h = fill.trim().toLowerCase();
  if (h === 'white') return true;
  if (!h.startsWith('#')) return false;
  h = h.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  const v = parseInt(h, 16);
  return 0.299 * (v >> 16) + 0.587 * ((v >> 8) & 255) + 0.114 * (v & 255) >= 128;
}

const f = (v, d = 2) => (Number.isFinite(v) ? v.toFixed(d) : 'n/a');

/** Markdown tables: per variant and engine, then per shape (all sizes and variants). */
export function geometryTables(results) {
  const engines = [...new Set(results.map((r) => r.engine))];
  const lines = [
    '## Geometry suite (shapes of known outline; errors in input px on 8x renders)',
    '',
    '| variant | engine | n | max err (median) | max err (worst) | mean err | p90 err (median) | p90 err (worst) | segments / minimal (median) | (worst) | straight edges | sharp corners |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  const sum = (rs, k) => rs.reduce((a, r) => a + (r[k] ?? 0), 0);
  for (const variant of [...new Set(results.map((r) => r.variant))]) {
    for (const engine of engines) {
      const rs = results.filter((r) => r.variant === variant && r.engine === engine);
      if (rs.length === 0) continue;
      const edges = sum(rs, 'edges'),
        corners = sum(rs, 'corners');
      lines.push(
        `| ${variant} | ${engine} | ${rs.length} | ${f(median(rs.map((r) => r.max)))} | ${f(Math.max(...rs.map((r) => r.max)))} | ${f(median(rs.map((r) => r.mean)), 3)} | ${f(median(rs.map((r) => r.p90)))} | ${f(Math.max(...rs.map((r) => r.p90)))} | ${f(median(rs.map((r) => r.ratio)), 1)} | ${f(Math.max(...rs.map((r) => r.ratio)), 1)} | ${rs[0].edges === undefined ? 'n/a' : `${sum(rs, 'straight')}/${edges}`} | ${rs[0].corners === undefined ? 'n/a' : `${sum(rs, 'sharp')}/${corners}`} |`,
      );
    }
  }
  lines.push(
    '',
    '| shape | engine | mean err | p90 err | max err | segments (median) | minimal |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const shape of [...new Set(results.map((r) => r.shape))]) {
    for (const engine of engines) {
      const rs = results.filter((r) => r.shape === shape && r.engine === engine);
      const minimal = Math.round(rs[0].segments / rs[0].ratio);
      lines.push(
        `| ${shape} | ${engine} | ${f(median(rs.map((r) => r.mean)), 3)} | ${f(median(rs.map((r) => r.p90)))} | ${f(median(rs.map((r) => r.max)))} | ${median(rs.map((r) => r.segments))} | ${minimal} |`,
      );
    }
  }
  return lines.join('\n');
}
