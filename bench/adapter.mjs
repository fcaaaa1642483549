// Benchmark adapter (shared/bench contract): traces with the BUILT engine and returns SVG.
// Build first: `npx tsc -b packages/engine` from the repository root.
import { trace, toSvg } from '../packages/engine/dist/index.js';

export default async function vectorize(input, options = {}) {
  const doc = trace({ width: input.width, height: input.height, data: input.rgba }, options);
  return toSvg(doc);
}
