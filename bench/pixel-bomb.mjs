// Pixel-bomb benchmark (not a unit test): starts the real server, converts four 36-megapixel PNGs
// of a few KB each at once while polling /api/system/health, and prints the server's peak RSS and
// the health latency. Targets: peak RSS < 1 GiB, health p95 < 300 ms.
// Run: npm run build && npm run bench:pixel-bomb -w bench   (PORT: BENCH_PORT, default 3222)
import sharp from 'sharp';
import { peakRssMb, percentile, sleep, startServer } from './lib/server.mjs';

const port = Number(process.env.BENCH_PORT ?? 3222);
const SIDE = 6000;
const IMAGES = Number(process.env.BENCH_IMAGES ?? 4);

/** A 6000×6000 image of a few flat shapes: a few KB of PNG, 36 megapixels decoded. */
async function bomb(i) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <rect width="100%" height="100%" fill="#fff"/>
    <circle cx="${1500 + i * 500}" cy="3000" r="1200" fill="#e4572e"/>
    <rect x="3500" y="${800 + i * 300}" width="1800" height="1500" fill="#29335c"/>
  </svg>`;
  return sharp(Buffer.from(svg), { limitInputPixels: false })
    .png({ compressionLevel: 9, palette: true, colours: 4 })
    .toBuffer();
}

const server = await startServer({ port, name: 'pixel-bomb' });
const { base, json } = server;

try {
  const files = await Promise.all(Array.from({ length: IMAGES }, (_, i) => bomb(i)));
  const meta = await sharp(files[0]).metadata();
  console.log(
    `inputs: ${IMAGES} PNGs of ${meta.width}×${meta.height} (${((meta.width * meta.height) / 1e6).toFixed(0)} MP), ${files.map((f) => `${(f.length / 1024).toFixed(1)} KB`).join(', ')}`,
  );
  // A Business account: credits and file limits are not what this measures.
  const token = await server.account('business', 'pixel-bomb');
  const rssBefore = peakRssMb(server.pid);

  const latencies = [];
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      await fetch(`${base}/api/system/health`)
        .then((r) => r.arrayBuffer())
        .catch((error) => {
          polling = false;
          console.error(`health poll failed: ${error.cause?.code ?? error.message}`);
        });
      latencies.push(performance.now() - t);
      await sleep(50);
    }
  })();

  const started = performance.now();
  const convert = async (file, i) => {
    const answers = [];
    for (;;) {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'image/png' }), `bomb-${i}.png`);
      form.append('output_format', 'svg');
      form.append('quality_tier', 'economy');
      const res = await json('/api/convert/upload', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      }).catch((error) => ({
        status: 0,
        headers: new Headers(),
        body: { code: error.cause?.code },
      }));
      answers.push(res.status);
      if (res.status !== 429) {
        return {
          i,
          answers,
          seconds: (performance.now() - started) / 1000,
          credits: res.body?.credits_cost,
          detail: res.status === 200 ? '' : `${res.body?.code}: ${res.body?.detail}`,
        };
      }
      // Busy: come back when the server says.
      await sleep(Number(res.headers.get('retry-after') ?? 5) * 1000);
    }
  };
  const results = await Promise.all(files.map(convert));
  polling = false;
  await poller;

  const pct = (p) => percentile(latencies, p);
  const peak = peakRssMb(server.pid);
  for (const r of results)
    console.log(
      `image ${r.i}: answers ${r.answers.join(' → ')} after ${r.seconds.toFixed(1)} s, ${r.credits ?? '-'} credits ${r.detail}`,
    );
  console.log(`server RSS before: ${rssBefore.toFixed(0)} MB; peak RSS: ${peak.toFixed(0)} MB`);
  console.log(
    `health: ${latencies.length} polls, p50 ${pct(50).toFixed(0)} ms, p95 ${pct(95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`,
  );
  const ok = peak < 1024 && pct(95) < 300 && results.every((r) => r.answers.at(-1) === 200);
  console.log(ok ? 'PASS: peak RSS < 1 GiB, health p95 < 300 ms' : 'FAIL');
  process.exitCode = ok ? 0 : 1;
} finally {
  await server.stop();
}
