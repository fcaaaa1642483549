// Service benchmark (not a unit test): what the service adds around the engine.
// 1. The engine alone: 100 logos decoded and traced by the server's own worker pool, in process.
// 2. The service: the same 100 logos as one batch over HTTP (a Business account), followed to
//    the end, while a second account converts a single logo every half second; their latency
//    is compared with the same conversions on the idle server.
// Targets: batch throughput within 15% of the engine's, server peak RSS < 1 GiB, the second
// account's p95 under 2× its idle median.
// Run: npm run build && npm run bench:service -w bench   (BENCH_PORT, default 3223;
// BENCH_IMAGES, default 100; TRACE_WORKERS for the server, default its own)
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOGO_SIZE, logos } from './lib/logos.mjs';
import { peakRssMb, percentile, root, sleep, startServer } from './lib/server.mjs';

const COUNT = Number(process.env.BENCH_IMAGES ?? 100);
// The engine alone gets every core; the server runs its own default (or TRACE_WORKERS).
const WORKERS = Math.min(4, availableParallelism());
const port = Number(process.env.BENCH_PORT ?? 3223);
const SINGLE_EVERY_MS = 500;

/** The engine alone: the server's decode + trace in its worker pool, no HTTP, database or queue. */
async function engineThroughput(files) {
  const { TracePool } = await import(
    pathToFileURL(join(root, 'apps/server/dist/jobs/trace-pool.js')).href
  );
  const pool = new TracePool({ size: WORKERS, timeoutMs: 120_000, maxQueue: files.length * 2 });
  const limits = { maxPixels: 40_000_000, maxFrames: 100 };
  const started = performance.now();
  await Promise.all(
    files.map(async (file, i) => {
      const decoded = await pool.decode(file.bytes, limits);
      await pool.run({
        conversionId: `engine-${i}`,
        full: decoded.full,
        sample: decoded.sample,
        format: 'svg',
        tier: 'standard',
        background: true,
      });
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return { seconds, perSecond: files.length / seconds, peakRss: peakRssMb(process.pid) };
}

function uploadForm(file) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: 'image/png' }), file.name);
  form.append('output_format', 'svg');
  form.append('quality_tier', 'standard');
  return form;
}

/** One single conversion for `token`; its latency in ms (429s are waited out, as a client would). */
async function convertOnce(server, token, file) {
  const t = performance.now();
  for (;;) {
    const res = await fetch(`${server.base}/api/convert/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: uploadForm(file),
    });
    await res.arrayBuffer();
    if (res.status === 200) return performance.now() - t;
    if (res.status !== 429) throw new Error(`single conversion: ${res.status}`);
    await sleep(Number(res.headers.get('retry-after') ?? 1) * 1000);
  }
}

async function serviceRun(files, singles) {
  const server = await startServer({ port, name: 'service' });
  try {
    const batchToken = await server.account('business', 'batch');
    const singleToken = await server.account('business', 'single');
    // Warm-up, then the idle latency of the second account's conversions.
    await convertOnce(server, singleToken, singles[0]);
    const idle = [];
    for (let round = 0; round < 3; round++)
      for (const file of singles) idle.push(await convertOnce(server, singleToken, file));

    const form = new FormData();
    for (const file of files)
      form.append('file', new Blob([file.bytes], { type: 'image/png' }), file.name);
    form.append('output_format', 'svg');
    form.append('quality_tier', 'standard');
    const started = performance.now();
    const created = await server.json('/api/batch', {
      method: 'POST',
      headers: { authorization: `Bearer ${batchToken}` },
      body: form,
    });
    if (created.status !== 202)
      throw new Error(`batch: ${created.status} ${JSON.stringify(created.body)}`);
    const id = created.body.batch_id;

    let running = true;
    const busy = [];
    // Another customer converting one logo every half second while the batch runs.
    const singlesDuringBatch = (async () => {
      for (let i = 0; running; i++) {
        const started = performance.now();
        busy.push(await convertOnce(server, singleToken, singles[i % singles.length]));
        await sleep(Math.max(0, SINGLE_EVERY_MS - (performance.now() - started)));
      }
    })();
    let view;
    for (;;) {
      view = (
        await server.json(`/api/batch/${id}`, {
          headers: { authorization: `Bearer ${batchToken}` },
        })
      ).body;
      if (view.status !== 'running' && view.totals.processing === 0) break;
      await sleep(200);
    }
    const seconds = (performance.now() - started) / 1000;
    running = false;
    await singlesDuringBatch;
    return {
      seconds,
      perSecond: view.totals.completed / seconds,
      totals: view.totals,
      peakRss: peakRssMb(server.pid),
      idle,
      busy,
    };
  } finally {
    await server.stop();
  }
}

const files = await logos(COUNT);
const singles = await logos(5, COUNT);
console.log(
  `${COUNT} logos of ${LOGO_SIZE} px (vscode-icons, MIT), the engine alone on ${WORKERS} workers, the server on ${process.env.TRACE_WORKERS ?? 'its default'}, ${availableParallelism()} cores`,
);

const engine = await engineThroughput(files);
console.log(
  `engine alone:   ${engine.seconds.toFixed(1)} s, ${engine.perSecond.toFixed(2)} images/s (bench process peak RSS ${engine.peakRss.toFixed(0)} MB)`,
);
const service = await serviceRun(files, singles);
const ratio = service.perSecond / engine.perSecond;
console.log(
  `service batch:  ${service.seconds.toFixed(1)} s, ${service.perSecond.toFixed(2)} images/s = ${(ratio * 100).toFixed(0)}% of the engine's; ${service.totals.completed} completed, ${service.totals.failed} failed`,
);
console.log(`server peak RSS: ${service.peakRss.toFixed(0)} MB`);
// Like with like: the p95 of the same conversions on the idle server and during the batch.
const idleP95 = percentile(service.idle, 95);
const busyP95 = percentile(service.busy, 95);
console.log(
  `second account, single conversions: idle ${service.idle.length}, median ${percentile(service.idle, 50).toFixed(0)} ms, p95 ${idleP95.toFixed(0)} ms; during the batch ${service.busy.length}, median ${percentile(service.busy, 50).toFixed(0)} ms, p95 ${busyP95.toFixed(0)} ms = ${(busyP95 / idleP95).toFixed(2)}× idle`,
);
const ok =
  ratio >= 0.85 &&
  service.peakRss < 1024 &&
  busyP95 < 2 * idleP95 &&
  service.totals.completed === COUNT;
console.log(
  ok
    ? 'PASS: throughput within 15% of the engine, peak RSS < 1 GiB, second account p95 < 2× idle'
    : 'FAIL',
);
process.exitCode = ok ? 0 : 1;
