// Benchmark adapter (shared/bench contract): traces with the BUILT engine and returns SVG.
// Build first: `npx tsc -b packages/engine` from the repository root.
// `options` (the scorer's --options JSON) go to trace(); `options.write` goes to toSvg().
// Loading it warms the engine up as each of the service's trace workers does before it takes
// jobs (apps/server/src/jobs/trace-worker.ts): the timings are those of a running service.
import { trace, toSvg, warmUp } from '../packages/engine/dist/index.js';

warmUp();

export default async function vectorize(input, options = {}) {
  const { write, ...traceOptions } = options;
  const doc = trace({ width: input.width, height: input.height, data: input.rgba }, traceOptions);
  return toSvg(doc, write ?? {});
}
