import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPgDatabase } from './server.js';
import { startS3 } from './s3.js';
import { startedForTests } from './started-for-tests.js';

/**
 * Real server processes (`node dist/main.js`, as `npm start` runs them) for the scale-out tests:
 * one PostgreSQL database, one Redis namespace and one S3 bucket shared by all of them.
 */
export async function scaleOutEnvironment() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tracery-scale-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  const pgDb = await createPgDatabase(process.env.TEST_DATABASE_URL!);
  const s3 = await startS3();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    DATABASE_URL: pgDb.url,
    REDIS_URL: process.env.TEST_REDIS_URL!,
    QUEUE_PREFIX: `tracery-test-${randomUUID().slice(0, 8)}`,
    JWT_SECRET: randomUUID() + randomUUID(),
    PUBLIC_URL: 'http://tracery.test',
    SIGNUPS_PER_HOUR: '10000',
    TRACE_WORKERS: '1',
    TRACE_WARM_UP: '0',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'info',
    ...s3.env,
  };
  return {
    env,
    async close() {
      await pgDb.drop();
      await s3.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The scale-out environment of a describe block, made before its tests, and the processes its
 * tests start on it (with their own variables over the environment's): after the tests each
 * process is stopped, in the order started, then the environment is closed.
 */
export function useScaleOut() {
  const started: ServerProcess[] = [];
  const environment = startedForTests(scaleOutEnvironment, async (made) => {
    for (const p of started) await p.stop();
    await made.close();
  });
  const track = async (starting: Promise<ServerProcess>) => {
    const p = await starting;
    started.push(p);
    return p;
  };
  return {
    environment,
    spawnApi: (env: Record<string, string> = {}) => track(spawnApi({ ...environment.env, ...env })),
    spawnWorker: (env: Record<string, string> = {}) =>
      track(spawnWorker({ ...environment.env, ...env })),
  };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every log line so far (pino JSON). */
  logs: string[];
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const dist = (file: string) => new URL(`../../dist/${file}`, import.meta.url).pathname;

/** Starts `node dist/main.js` and resolves with its address once it listens. */
export const spawnApi = (env: Record<string, string>) =>
  spawnNode(dist('main.js'), env, /Server listening at (http:\/\/127\.0\.0\.1:\d+)/);

/** Starts a queue worker (`npm run worker`) and resolves once it takes jobs. */
export const spawnWorker = (env: Record<string, string>) =>
  spawnNode(dist('worker-main.js'), env, /()threads on /);

function spawnNode(
  script: string,
  env: Record<string, string>,
  ready: RegExp,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        logs.push(line);
        const listening = ready.exec(line);
        if (listening) {
          resolve({
            url: listening[1],
            child,
            logs,
            exited,
            async stop() {
              if (child.exitCode === null) child.kill('SIGKILL');
              await exited;
            },
          });
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) =>
      reject(new Error(`server exited (${code}) before listening:\n${logs.join('\n')}`)),
    );
  });
}

/** A JSON or multipart request to a server process, answered as status + parsed body. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: { token?: string; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, {
    method,
    headers,
    body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON (metrics text, say)
  }
  return { status: res.status, headers: res.headers, body: body as Record<string, unknown> };
}
