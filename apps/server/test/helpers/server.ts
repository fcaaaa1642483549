import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import { startQueueWorker } from '../../src/jobs/queue-worker.js';
import { openContext } from '../../src/runtime.js';
import { startS3 } from './s3.js';
import { startedForTests } from './started-for-tests.js';

/**
 * A real server for a test file: its own data folder and database. SQLite by default; when
 * TEST_DATABASE_URL is set (npm run test:scale), a fresh PostgreSQL database is created for the
 * file and dropped afterwards.
 */
export interface TestServer {
  app: FastifyInstance;
  ctx: AppContext;
  dataDir: string;
  /** Closes app and context and opens new ones on the same data folder, database and queue. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
/** With TEST_REDIS_URL (npm run test:scale), conversions go through a BullMQ queue to a worker. */
export const usingQueue = () => Boolean(process.env.TEST_REDIS_URL);
/** With TEST_S3=1 (npm run test:scale), files live in a local S3-compatible server. */
export const usingS3 = () => process.env.TEST_S3 === '1';

export async function createPgDatabase(
  adminUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `tracery_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      // The pool's sockets close asynchronously; wait for them rather than killing them mid-close.
      for (let attempt = 0; ; attempt++) {
        try {
          await c.query(`DROP DATABASE IF EXISTS ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      await c.end();
    },
  };
}

export async function startTestServer(
  env: Record<string, string> = {},
  extra: Partial<Pick<AppContext, 'googleCerts'>> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tracery-test-'));
  const webDist = join(dataDir, 'web');
  mkdirSync(webDist);
  writeFileSync(
    join(webDist, 'index.html'),
    '<!doctype html><html><head><title>Tracery</title><meta name="description" content="Tracery" /></head><body><div id="root"></div></body></html>',
  );
  // Each test file gets its own queue and rate-limit namespace in Redis, and its own queue worker.
  const queuePrefix = `tracery-test-${randomUUID().slice(0, 8)}`;
  const pgDb = usingPostgres() ? await createPgDatabase(process.env.TEST_DATABASE_URL!) : undefined;
  const s3 = usingS3() ? await startS3() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    TRACE_WORKERS: '2',
    // Hundreds of short-lived pools: trace-pool.test.ts tests the warm-up itself.
    TRACE_WARM_UP: '0',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://tracery.test',
    // Test files sign many accounts up from one address; auth-throttle.test.ts tests the limit.
    SIGNUPS_PER_HOUR: '10000',
    QUEUE_PREFIX: queuePrefix,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...(usingQueue() ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}),
    ...(s3 ? s3.env : {}),
    ...env,
  });
  const ctx = Object.assign(await openContext(config), extra);
  const worker = config.redisUrl
    ? startQueueWorker({
        redisUrl: config.redisUrl,
        files: ctx.files,
        threads: 2,
        timeoutMs: config.traceTimeoutMs,
        warmUp: config.traceWarmUp,
        prefix: config.queuePrefix,
      })
    : undefined;
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false };
  const app = await buildApp(ctx, logging);
  await app.ready();
  const server: TestServer & { ctx: typeof ctx } = {
    app,
    ctx,
    dataDir,
    async restart() {
      await server.app.close();
      await server.ctx.close();
      server.ctx = Object.assign(await openContext(config), extra);
      server.app = await buildApp(server.ctx, logging);
      await server.app.ready();
    },
    async close() {
      await server.app.close();
      await worker?.close();
      await server.ctx.close();
      await pgDb?.drop();
      await s3?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/**
 * The server for a test file or describe block: started before its tests, closed after them.
 * `env` may be a function, read when the server starts (after the fakes it names have started).
 */
export const useTestServer = (
  env: Record<string, string> | (() => Record<string, string>) = {},
  extra: Partial<Pick<AppContext, 'googleCerts'>> = {},
  options: { logStream?: NodeJS.WritableStream } = {},
): TestServer =>
  startedForTests(
    () => startTestServer(typeof env === 'function' ? env() : env, extra, options),
    (server) => server.close(),
  );
