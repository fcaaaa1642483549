import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Every environment variable the server reads, validated once at start-up (README: Configuration). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  GOOGLE_CLIENT_ID: z.string().optional(),
  TRACE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  TRACE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  googleClientId?: string;
  traceWorkers: number;
  traceTimeoutMs: number;
  maxImagePixels: number;
  webDist: string;
  logLevel: string;
  version: string;
}

/** A secret that survives restarts: taken from JWT_SECRET, else generated once into DATA_DIR. */
function loadSecret(dataDir: string, given?: string): Uint8Array {
  if (given) return new TextEncoder().encode(given);
  const file = join(dataDir, 'jwt-secret');
  if (!existsSync(file))
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return new TextEncoder().encode(readFileSync(file, 'utf8').trim());
}

function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const dbUrl = e.DATABASE_URL;
  if (dbUrl && !/^postgres(ql)?:\/\//.test(dbUrl)) {
    throw new Error('Invalid configuration: DATABASE_URL must be a postgres:// URL');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database: dbUrl
      ? { kind: 'postgres', url: dbUrl }
      : { kind: 'sqlite', file: join(dataDir, 'tracery.sqlite') },
    jwtSecret: loadSecret(dataDir, e.JWT_SECRET),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    googleClientId: e.GOOGLE_CLIENT_ID,
    traceWorkers: e.TRACE_WORKERS ?? Math.max(1, Math.min(4, availableParallelism())),
    traceTimeoutMs: e.TRACE_TIMEOUT_MS,
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
    version: packageVersion(),
  };
}
