// Scale-out benchmark (not a unit test): one API process on PostgreSQL + Redis + S3 and 1, then 2,
// queue worker processes on this machine, driven with the same load of real logos over HTTP.
// For each: throughput, latency p50/p95/p99, queue wait (from the workers' /metrics), and CPU
// seconds and RSS of every process. Needs PostgreSQL and Redis (as `npm run test:scale` does);
// the S3 store is s3rver inside this process (its CPU counts as the driver's).
// Run: npm run build && npm run bench:scale -w bench
//   BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres: a database is created
//   and dropped), BENCH_REDIS_URL (redis://127.0.0.1:6379), BENCH_PORT (4310; metrics on the next
//   ports), BENCH_IMAGES (60), BENCH_CLIENTS (6 concurrent clients, each its own account),
//   BENCH_WORKER_THREADS (1 trace thread per worker process), BENCH_WORKERS (1,2)
import { execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { logos, LOGO_SIZE } from './lib/logos.mjs';
import { percentile, root, sleep } from './lib/server.mjs';

// PostgreSQL's client and the S3 fake are the server's own dependencies.
const serverRequire = createRequire(join(root, 'apps/server/package.json'));
const pg = serverRequire('pg');
const S3rver = serverRequire('s3rver');

const ADMIN_DB = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORT = Number(process.env.BENCH_PORT ?? 4310);
const IMAGES = Number(process.env.BENCH_IMAGES ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 6);
const THREADS = Number(process.env.BENCH_WORKER_THREADS ?? 1);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map(Number);
const TOKEN = 'bench-metrics-token-0123456789';

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
}

/** Resident memory now and at its peak (MB). */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function createDatabase() {
  const name = `tracery_bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: ADMIN_DB });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DB);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_DB });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts a node script and resolves once `url` answers (its log level stays quiet). */
async function start(script, env, url) {
  const child = spawn(process.execPath, [join(root, 'apps/server/dist', script)], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${script} exited before answering`);
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } }).catch(
      () => null,
    );
    if (res?.ok) return child;
    await sleep(100);
  }
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** Samples of one metric family from a /metrics text: [{labels, value}]. */
async function scrape(port, name) {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .map((l) => ({
      labels: l.slice(name.length).split(' ')[0],
      value: Number(l.split(' ').pop()),
    }));
}

/** Queue wait of the traces the workers ran: count, mean and the p95 bucket bound (s). */
async function queueWait(metricPorts) {
  let count = 0;
  let sum = 0;
  const buckets = new Map();
  for (const port of metricPorts) {
    for (const s of await scrape(port, 'tracery_queue_wait_seconds_count')) count += s.value;
    for (const s of await scrape(port, 'tracery_queue_wait_seconds_sum')) sum += s.value;
    for (const s of await scrape(port, 'tracery_queue_wait_seconds_bucket')) {
      const le = /le="([^"]+)"/.exec(s.labels)[1];
      buckets.set(le, (buckets.get(le) ?? 0) + s.value);
    }
  }
  const p95 = [...buckets.entries()]
    .map(([le, n]) => [le === '+Inf' ? Infinity : Number(le), n])
    .sort((a, b) => a[0] - b[0])
    .find(([, n]) => n >= 0.95 * count)?.[0];
  return { count, mean: count ? sum / count : 0, p95 };
}

async function json(path, init) {
  const res = await fetch(`http://127.0.0.1:${PORT}${path}`, init);
  return { status: res.status, body: await res.json().catch(() => null) };
}

async function account(env, i) {
  const email = `scale-${i}-${Date.now()}@example.com`;
  const reg = await json('/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', email, password: 'scale benchmark account' }),
  });
  if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
  execFileSync(
    process.execPath,
    [join(root, 'apps/server/dist/cli.js'), 'admin', 'set-plan', email, 'business'],
    { env: { ...process.env, ...env }, stdio: 'ignore' },
  );
  return reg.body.access_token;
}

async function convert(token, file) {
  const form = new FormData();
  form.append('file', new Blob([file.bytes], { type: 'image/png' }), file.name);
  form.append('output_format', 'svg');
  form.append('quality_tier', 'standard');
  const t = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORT}/api/convert/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`upload: ${res.status}`);
  return performance.now() - t;
}

/** API + `workers` worker processes; CLIENTS clients share the images; all measured. */
async function run(env, workers, files) {
  const api = await start(
    'main.js',
    { ...env, PORT: String(PORT), METRICS_PORT: String(PORT + 1) },
    `http://127.0.0.1:${PORT}/api/system/live`,
  );
  const workerPorts = Array.from({ length: workers }, (_, i) => PORT + 2 + i);
  const procs = [];
  try {
    for (const port of workerPorts)
      procs.push(
        await start(
          'worker-main.js',
          { ...env, TRACE_WORKERS: String(THREADS), METRICS_PORT: String(port) },
          `http://127.0.0.1:${port}/metrics`,
        ),
      );
    const tokens = [];
    for (let i = 0; i < CLIENTS; i++) tokens.push(await account(env, `${workers}-${i}`));
    // Warm-up: every worker thread traces once before the clock starts.
    await Promise.all(
      tokens.slice(0, workers * THREADS).map((t, i) => convert(t, files[i % files.length])),
    );
    const waitBefore = await queueWait(workerPorts);
    const everyone = [api, ...procs];
    const cpuBefore = everyone.map((p) => cpuSeconds(p.pid));
    const driverBefore = process.cpuUsage();
    const load = loadavg()[0];
    const latencies = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (token) => {
        while (next < files.length) latencies.push(await convert(token, files[next++]));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const driver = process.cpuUsage(driverBefore);
    const waitAfter = await queueWait(workerPorts);
    const waited = waitAfter.count - waitBefore.count;
    return {
      workers,
      seconds,
      throughput: files.length / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99: percentile(latencies, 99),
      waitMean: waited
        ? (waitAfter.mean * waitAfter.count - waitBefore.mean * waitBefore.count) / waited
        : 0,
      waitP95: waitAfter.p95,
      load,
      processes: [['API', api], ...procs.map((p, i) => [`worker ${i + 1}`, p])].map(
        ([name, p], i) => ({
          name,
          cpu: cpuSeconds(p.pid) - cpuBefore[i],
          ...memory(p.pid),
        }),
      ),
      driverCpu: (driver.user + driver.system) / 1e6,
    };
  } finally {
    for (const p of procs) await stop(p);
    await stop(api);
  }
}

const database = await createDatabase();
const s3Dir = mkdtempSync(join(tmpdir(), 'tracery-bench-s3-'));
const dataDir = mkdtempSync(join(tmpdir(), 'tracery-bench-scale-'));
const s3 = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory: s3Dir,
  configureBuckets: [{ name: 'tracery-bench' }],
});
const s3Port = (await s3.run()).port;
const env = {
  DATA_DIR: dataDir,
  DATABASE_URL: database.url,
  REDIS_URL,
  QUEUE_PREFIX: `tracery-bench-${randomUUID().slice(0, 8)}`,
  S3_BUCKET: 'tracery-bench',
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  JWT_SECRET: randomUUID() + randomUUID(),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  NODE_ENV: 'development',
  METRICS_TOKEN: TOKEN,
  RATE_LIMIT_PER_MINUTE: '100000',
  UPLOADS_PER_MINUTE: '100000',
  SIGNUPS_PER_HOUR: '100000',
};

const files = await logos(IMAGES);
console.log(
  `${IMAGES} logos of ${LOGO_SIZE} px (vscode-icons, MIT), ${CLIENTS} concurrent clients, ` +
    `${THREADS} trace thread(s) per worker process, ${availableParallelism()} cores; ` +
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);
const results = [];
try {
  for (const workers of WORKER_COUNTS) results.push(await run(env, workers, files));
} finally {
  await s3.close();
  await database.drop();
  rmSync(s3Dir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

const ms = (v) => `${v.toFixed(0)} ms`;
console.log(
  '\n| workers | images/s | p50 | p95 | p99 | queue wait mean / p95 bucket | load avg (1 min) at start |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.workers} | ${r.throughput.toFixed(2)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ` +
      `${ms(r.waitMean * 1000)} / ≤ ${r.waitP95 === Infinity ? '∞' : `${r.waitP95 * 1000} ms`} | ${r.load.toFixed(2)} |`,
  );
}
console.log('\n| workers | process | CPU s (run) | CPU per image | RSS end | RSS peak |');
console.log('| ---: | --- | ---: | ---: | ---: | ---: |');
for (const r of results) {
  for (const p of r.processes) {
    console.log(
      `| ${r.workers} | ${p.name} | ${p.cpu.toFixed(1)} | ${ms((p.cpu / IMAGES) * 1000)} | ` +
        `${p.rss.toFixed(0)} MB | ${p.peak.toFixed(0)} MB |`,
    );
  }
  console.log(
    `| ${r.workers} | driver + s3rver | ${r.driverCpu.toFixed(1)} | ${ms((r.driverCpu / IMAGES) * 1000)} | | |`,
  );
}
