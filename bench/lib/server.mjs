// The real server as a child process for the service benchmarks: an empty DATA_DIR, SQLite,
// the built apps/server/dist, and the calls a client makes (register, set a plan, upload).
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Peak resident memory of a process so far (VmHWM), in MB. */
export function peakRssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** p-th percentile (0–100) of a list of numbers. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function startServer({ port, env: extra = {}, name = 'bench' }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), `tracery-${name}-`));
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    NODE_ENV: 'development',
    ...extra,
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  let stopped = false;
  child.on('exit', (code, signal) => {
    if (!stopped) console.error(`the server exited (${signal ?? code})`);
  });
  const stop = async () => {
    if (!stopped) child.kill('SIGTERM');
    stopped = true;
    await sleep(300);
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', () => child.kill('SIGTERM'));

  for (let i = 0; ; i++) {
    if (i > 300) throw new Error('the server did not start');
    const up = await fetch(`${base}/api/system/health`).catch(() => null);
    if (up?.ok) break;
    await sleep(100);
  }

  async function json(path, init) {
    const res = await fetch(`${base}${path}`, init);
    return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
  }

  /** A new account on `plan` (set with the admin CLI); answers its access token. */
  async function account(plan, label = 'bench') {
    const email = `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const reg = await json('/api/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email, password: 'service benchmark account' }),
    });
    if (reg.status !== 201 && reg.status !== 200) throw new Error(`register: ${reg.status}`);
    if (plan !== 'free') {
      execFileSync(
        process.execPath,
        [join(root, 'apps/server/dist/cli.js'), 'admin', 'set-plan', email, plan],
        { env, stdio: 'ignore' },
      );
    }
    return reg.body.access_token;
  }

  return { base, pid: child.pid, json, account, stop };
}
