// Self and total time by function (and by file) from a V8 .cpuprofile.
//   node bench/profile-summary.mjs FILE.cpuprofile [--top 40] [--match engine]
import { readFileSync } from 'node:fs';
const file = process.argv[2];
const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const top = Number(arg('--top', 40));
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const self = new Map();
for (let i = 0; i < prof.samples.length; i++) {
  const dt = prof.timeDeltas[i] ?? 0;
  self.set(prof.samples[i], (self.get(prof.samples[i]) ?? 0) + dt);
}
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const name = (n) =>
  `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
const selfBy = new Map(),
  totalBy = new Map(),
  fileBy = new Map();
let all = 0;
for (const [id, t] of self) {
  all += t;
  const n = byId.get(id);
  selfBy.set(name(n), (selfBy.get(name(n)) ?? 0) + t);
  const f = n.callFrame.url.split('/').pop() || n.callFrame.functionName;
  fileBy.set(f, (fileBy.get(f) ?? 0) + t);
  const seen = new Set();
  for (let x = id; x !== undefined; x = parent.get(x)) {
    const k = name(byId.get(x));
    if (seen.has(k)) continue;
    seen.add(k);
    totalBy.set(k, (totalBy.get(k) ?? 0) + t);
  }
}
const show = (title, m) => {
  console.log(`\n${title}`);
  for (const [k, t] of [...m].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${(t / 1000).toFixed(0).padStart(7)} ms ${((100 * t) / all).toFixed(1).padStart(5)}%  ${k}`,
    );
};
console.log(`all ${(all / 1000).toFixed(0)} ms`);
show('self by file', fileBy);
show('self by function', selfBy);
show('total by function', totalBy);
// --lines NAME: ticks per source line (of the built .js) inside functions called NAME.
const want = arg('--lines');
if (want) {
  const lines = new Map();
  for (const n of prof.nodes)
    if (n.callFrame.functionName === want)
      for (const { line, ticks } of n.positionTicks ?? [])
        lines.set(
          `${n.callFrame.url.split('/').pop()}:${line}`,
          (lines.get(`${n.callFrame.url.split('/').pop()}:${line}`) ?? 0) + ticks,
        );
  console.log(`\nticks by line in ${want}`);
  for (const [k, t] of [...lines].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`${String(t).padStart(7)}  ${k}`);
}
