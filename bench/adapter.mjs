// Benchmark adapter (shared/bench contract): traces with the BUILT engine and returns SVG.
// Build first: `npx tsc -b packages/engine` from the repository root.
// `options` (the scorer's --options JSON) go to trace(); `options.write` goes to toSvg().
import { trace, toSvg } from '../packages/engine/dist/index.js';

export default async function vectorize(input, options = {}) {
  const { write, ...traceOptions } = options;
  const doc = trace({ width: input.width, height: input.height, data: input.rgba }, traceOptions);
  return toSvg(doc, write ?? {});
}
