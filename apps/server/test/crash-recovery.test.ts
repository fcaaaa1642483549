import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/schema.js';
import { multipart } from './helpers/api.js';
import { createPgDatabase, usingPostgres } from './helpers/server.js';
import sharp from 'sharp';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';

// The real server (the built apps/server/dist/main.js) as a child process with its own data
// folder and port, killed with SIGKILL mid-trace and started again on the same data.
const PORT = 3212;
const BASE = `http://127.0.0.1:${PORT}`;
const MAIN = join(import.meta.dirname, '../dist/main.js');
const dataDir = mkdtempSync(join(tmpdir(), 'tracery-crash-'));
mkdirSync(join(dataDir, 'web'));
writeFileSync(join(dataDir, 'web', 'index.html'), '<!doctype html><title>Tracery</title>');
const children: ChildProcess[] = [];
// On PostgreSQL runs (npm run test:scale) the servers use a database of their own.
const pgDb = usingPostgres() ? await createPgDatabase(process.env.TEST_DATABASE_URL!) : undefined;

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await pgDb?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      PATH: process.env.PATH,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'web'),
      PUBLIC_URL: BASE,
      LOG_LEVEL: 'warn',
      TRACE_WORKERS: '1',
      ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (d) => console.log('CHILD', String(d)));
  children.push(child);
  for (let i = 0; i < 900; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${BASE}/api/system/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not start');
}

async function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  if (child.exitCode === null && child.signalCode === null) await exited;
}

/** The job's row, read straight from the server's database (it may still be starting). */
async function statusInDatabase(id: string): Promise<string | undefined> {
  const db = new Kysely<Database>({
    dialect: pgDb
      ? new PostgresDialect({ pool: new pg.Pool({ connectionString: pgDb.url, max: 1 }) })
      : new SqliteDialect({
          database: new BetterSqlite3(join(dataDir, 'tracery.sqlite'), { readonly: true }),
        }),
  });
  try {
    const row = await db
      .selectFrom('conversions')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.status;
  } finally {
    await db.destroy();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are checked by the asserts
const api = async (path: string, token: string): Promise<any> =>
  (await fetch(`${BASE}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();

/** Random colours: slow to trace, so the upload is still `processing` when the server dies. */
async function noisePng(side: number): Promise<Buffer> {
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

describe('crash recovery', () => {
  it('kill -9 mid-conversion, restart: the job is failed and refunded within 10 s of start-up', async () => {
    let server = await startServer();
    const reg = await fetch(`${BASE}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'K',
        email: 'kill@example.com',
        password: 'correct horse battery',
      }),
    });
    const { access_token: token } = (await reg.json()) as { access_token: string };
    const before = (await api('/api/auth/me', token)).credits_remaining as number;

    const { payload, headers } = multipart(
      { output_format: 'svg', quality_tier: 'standard' },
      { name: 'noise.png', bytes: await noisePng(1400), type: 'image/png' },
    );
    const upload = fetch(`${BASE}/api/convert/upload`, {
      method: 'POST',
      headers: { ...headers, authorization: `Bearer ${token}` },
      body: payload,
    }).catch(() => 'connection lost');
    let job: { id: string; status: string } | undefined;
    for (let i = 0; i < 1200 && !job; i++) {
      const history = await api('/api/convert/history', token);
      job = (history.conversions as { id: string; status: string }[]).find(
        (c) => c.status === 'processing',
      );
      if (!job) await new Promise((r) => setTimeout(r, 50));
    }
    expect(job, 'the conversion started').toBeDefined();
    expect((await api('/api/auth/me', token)).credits_remaining).toBeLessThan(before);
    await stop(server, 'SIGKILL');
    expect(await upload).toBe('connection lost');
    expect(await statusInDatabase(job!.id)).toBe('processing');

    // Start-up: from the moment the new process is spawned.
    const started = Date.now();
    const restarting = startServer();
    let status: string | undefined;
    while (Date.now() - started < 10_000) {
      status = await statusInDatabase(job!.id);
      if (status === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('failed');
    expect(Date.now() - started).toBeLessThan(10_000);
    server = await restarting;
    expect((await api('/api/auth/me', token)).credits_remaining).toBe(before);
    const detail = await api(`/api/convert/${job!.id}`, token);
    expect(detail.status).toBe('failed');
    await stop(server, 'SIGTERM');
  }, 120_000);
});
