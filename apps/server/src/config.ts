import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { isIP, isIPv6 } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { AdPlacement } from '@tracery/contracts';
import type { ModelSettings } from './chat/model.js';
import type { S3Settings } from './storage/s3-file-store.js';

const AdSlot = z
  .string()
  .regex(/^\d{4,20}$/, 'an AdSense slot id is digits')
  .optional();

/** Every environment variable the server reads, validated once at start-up (README: Configuration). */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  // Namespace of the queue and the shared rate-limit counters in Redis (several deployments, one Redis).
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/)
    .default('bull'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).optional(),
  S3_PREFIX: z.string().default(''),
  JWT_SECRET: z.string().min(32).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(900),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  GOOGLE_CLIENT_ID: z.string().optional(),
  ADS_CLIENT_ID: z
    .string()
    .regex(/^ca-pub-\d{6,20}$/, 'ADS_CLIENT_ID is an AdSense publisher id: ca-pub- and digits')
    .optional(),
  ADS_SLOT_HEADER: AdSlot,
  ADS_SLOT_FOOTER: AdSlot,
  ADS_SLOT_SIDEBAR: AdSlot,
  ADS_SLOT_CONTENT: AdSlot,
  TRACE_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  TRACE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  TRACE_WARM_UP: z.enum(['0', '1']).default('1'),
  MAX_IMAGE_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  MAX_PIXELS_IN_FLIGHT: z.coerce.number().int().min(1).optional(),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  UPLOADS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  SIGNUPS_PER_HOUR: z.coerce.number().int().min(1).default(10),
  // Email (README: Configuration). Without SMTP_URL messages are written to DATA_DIR/mail/*.eml.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  TRUST_PROXY: z.string().optional(),
  // Payments (README: Configuration). Without keys the built-in `local` test provider is used
  // (in production only with ALLOW_TEST_PAYMENTS=1).
  ALLOW_TEST_PAYMENTS: z.enum(['0', '1', 'true', 'false']).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_HOST: z.string().min(1).optional(),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  PAYPAL_CLIENT_ID: z.string().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
  PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
  PAYPAL_ENVIRONMENT: z.enum(['sandbox', 'live']).default('sandbox'),
  PAYPAL_API_BASE: z.url().optional(),
  PAYPAL_HOSTED_BUTTON_BASIC: z.string().min(1).optional(),
  PAYPAL_HOSTED_BUTTON_BASIC_ANNUAL: z.string().min(1).optional(),
  PAYPAL_HOSTED_BUTTON_PROFESSIONAL: z.string().min(1).optional(),
  PAYPAL_HOSTED_BUTTON_PROFESSIONAL_ANNUAL: z.string().min(1).optional(),
  PAYPAL_HOSTED_BUTTON_BUSINESS: z.string().min(1).optional(),
  PAYPAL_HOSTED_BUTTON_BUSINESS_ANNUAL: z.string().min(1).optional(),
  // Chat assistant (README: Configuration). Without a model, answers come from retrieval alone.
  CHAT_LLM_URL: z.url().optional(),
  CHAT_LLM_MODEL: z.string().min(1).optional(),
  CHAT_LLM_API_KEY: z.string().min(1).optional(),
  CHAT_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
  CHAT_LLM_STREAM: z.enum(['0', '1']).default('1'),
  CHAT_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  SUPPORT_EMAIL: z.email().default('support@tracery.app'),
  // Webhooks of the developer API never go to private addresses unless this is 1 (tests, intranets).
  WEBHOOK_ALLOW_PRIVATE: z.enum(['0', '1']).default('0'),
  // Cloud storage (README: Configuration). A provider without a client id is "not configured".
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
  GOOGLE_OAUTH_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_OAUTH_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_OAUTH_AUTH_BASE: z.url().default('https://accounts.google.com'),
  GOOGLE_OAUTH_TOKEN_BASE: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_DRIVE_API_BASE: z.url().default('https://www.googleapis.com'),
  DROPBOX_CLIENT_ID: z.string().min(1).optional(),
  DROPBOX_CLIENT_SECRET: z.string().min(1).optional(),
  DROPBOX_AUTH_BASE: z.url().default('https://www.dropbox.com'),
  DROPBOX_API_BASE: z.url().default('https://api.dropboxapi.com'),
  DROPBOX_CONTENT_BASE: z.url().default('https://content.dropboxapi.com'),
  DROPBOX_APP_FOLDER: z.string().min(1).default('Tracery'),
  MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  MICROSOFT_TENANT: z
    .string()
    .regex(/^[A-Za-z0-9.-]+$/)
    .default('common'),
  MICROSOFT_AUTH_BASE: z.url().default('https://login.microsoftonline.com'),
  MICROSOFT_GRAPH_BASE: z.url().default('https://graph.microsoft.com'),
  CLOUD_SIMPLE_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(4 * 1024 * 1024),
  CLOUD_UPLOAD_CHUNK_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 * 1024),
  // Prometheus metrics: on the API's port behind a Bearer token, and/or on an internal port.
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
});

export interface BillingConfig {
  /** The built-in `local` provider may stand in for a missing real one (never silently in production). */
  testPayments: boolean;
  stripe?: {
    secretKey: string;
    webhookSecret?: string;
    host?: string;
    port?: number;
    protocol?: 'http' | 'https';
  };
  paypal?: {
    clientId: string;
    clientSecret: string;
    webhookId?: string;
    environment: 'sandbox' | 'live';
    apiBase: string;
  };
  paypalEnvironment: 'sandbox' | 'live';
  paypalClientId?: string;
  /** Hosted PayPal button id per plan id (six: each paid plan and its annual variant). */
  paypalHostedButtons: Partial<Record<string, string>>;
}

export interface Config {
  port: number;
  host: string;
  /** The origin every absolute URL is built from (PUBLIC_URL, else the listen address). */
  publicUrl: string;
  /** NODE_ENV=production or PUBLIC_URL on https. */
  production: boolean;
  /** Fastify's trustProxy: a hop count, proxy addresses/CIDRs, or false (use the socket address). */
  trustProxy: number | string[] | false;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  redisUrl?: string;
  /** BullMQ's key prefix in Redis (its default, `bull`), also used for the rate-limit counters. */
  queuePrefix: string;
  s3?: S3Settings;
  jwtSecret: Uint8Array;
  accessTokenTtlSeconds: number;
  /** How long a sign-in lasts: its refresh tokens (the session cookie) end then at the latest. */
  sessionTtlSeconds: number;
  /** The session cookie is `Secure` in production (which includes PUBLIC_URL on https); README. */
  secureCookies: boolean;
  googleClientId?: string;
  /** The ad network for free users (AdSense), shown only with the visitor's consent. */
  ads?: { clientId: string; slots: Partial<Record<AdPlacement, string>> };
  traceWorkers: number;
  traceTimeoutMs: number;
  /** Each trace thread warms the engine up before it takes jobs (the test suites turn it off). */
  traceWarmUp: boolean;
  maxImagePixels: number;
  /** Decoded pixels of all conversions in flight in one process (more wait: 429, Retry-After). */
  maxPixelsInFlight: number;
  webDist: string;
  logLevel: string;
  rateLimitPerMinute: number;
  uploadsPerMinute: number;
  /** Accounts one address may register per hour. */
  signupsPerHour: number;
  version: string;
  billing: BillingConfig;
  mail: { smtpUrl?: string; from: string };
  chat: ChatConfig;
  /** Webhook deliveries may go to loopback, private and link-local addresses. */
  webhookAllowPrivate: boolean;
  cloud: CloudConfig;
  /** `GET /metrics`: on the API's port when `token` is set; on `port` (at `host`) when set. */
  metrics: { token?: string; port?: number; host: string };
}

export interface CloudProviderConfig {
  clientId: string;
  clientSecret?: string;
  /** Origins of the provider's hosts (README: Configuration), without a trailing slash. */
  authBase: string;
  tokenBase: string;
  apiBase: string;
  /** Dropbox only: its upload host. */
  contentBase?: string;
}

export interface CloudConfig {
  /** AES-256-GCM key for the provider tokens stored in the database. */
  tokenKey: Buffer;
  googleDrive?: CloudProviderConfig;
  dropbox?: CloudProviderConfig & { appFolder: string };
  onedrive?: CloudProviderConfig & { tenant: string };
  /** Files above this many bytes go through the provider's resumable (session) upload. */
  simpleUploadMaxBytes: number;
  /** Size of each resumable-upload chunk (a multiple of 320 KiB for OneDrive and Google). */
  chunkBytes: number;
}

export interface ChatConfig {
  model?: ModelSettings;
  messagesPerMinute: number;
  supportEmail: string;
}

/**
 * The longest one conversion may take: decoding and tracing, each within TRACE_TIMEOUT_MS, plus
 * storing. Past it the sweep gives the job up and refunds it, and a batch item's lease ends.
 */
export const longestConversionMs = (config: Pick<Config, 'traceTimeoutMs'>) =>
  2 * config.traceTimeoutMs + 60_000;

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
  if (e.REDIS_URL && !/^rediss?:\/\//.test(e.REDIS_URL)) {
    throw new Error('Invalid configuration: REDIS_URL must be a redis:// URL');
  }
  const dbUrl = e.DATABASE_URL;
  if (dbUrl && !/^postgres(ql)?:\/\//.test(dbUrl)) {
    throw new Error('Invalid configuration: DATABASE_URL must be a postgres:// URL');
  }
  const production = e.NODE_ENV === 'production' || Boolean(e.PUBLIC_URL?.startsWith('https:'));
  if (production && !e.PUBLIC_URL) {
    throw new Error('Invalid configuration: PUBLIC_URL is required in production');
  }
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ? new URL(e.PUBLIC_URL).origin : listenOrigin(e.HOST, e.PORT),
    production,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    dataDir,
    database: dbUrl
      ? { kind: 'postgres', url: dbUrl }
      : { kind: 'sqlite', file: join(dataDir, 'tracery.sqlite') },
    redisUrl: e.REDIS_URL,
    queuePrefix: e.QUEUE_PREFIX,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          // Self-hosted S3-compatible servers usually need path-style URLs.
          forcePathStyle: e.S3_FORCE_PATH_STYLE
            ? ['1', 'true'].includes(e.S3_FORCE_PATH_STYLE)
            : Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : undefined,
    jwtSecret: loadSecret(dataDir, e.JWT_SECRET),
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    sessionTtlSeconds: e.SESSION_TTL_DAYS * 86_400,
    // Plain http (the development default) gets no `Secure`: browsers other than Chromium and
    // Firefox drop Secure cookies on http://localhost, and on any other http host all of them do.
    secureCookies: production,
    googleClientId: e.GOOGLE_CLIENT_ID,
    ads: e.ADS_CLIENT_ID
      ? {
          clientId: e.ADS_CLIENT_ID,
          slots: Object.fromEntries(
            Object.entries({
              header: e.ADS_SLOT_HEADER,
              footer: e.ADS_SLOT_FOOTER,
              sidebar: e.ADS_SLOT_SIDEBAR,
              content: e.ADS_SLOT_CONTENT,
            }).filter(([, id]) => id !== undefined),
          ),
        }
      : undefined,
    // One more than the cores: batch items use all but one, kept for single conversions.
    traceWorkers: e.TRACE_WORKERS ?? Math.min(4, availableParallelism()) + 1,
    traceTimeoutMs: e.TRACE_TIMEOUT_MS,
    traceWarmUp: e.TRACE_WARM_UP === '1',
    maxImagePixels: e.MAX_IMAGE_PIXELS,
    maxPixelsInFlight: e.MAX_PIXELS_IN_FLIGHT ?? e.MAX_IMAGE_PIXELS,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    uploadsPerMinute: e.UPLOADS_PER_MINUTE,
    signupsPerHour: e.SIGNUPS_PER_HOUR,
    version: packageVersion(),
    billing: billingConfig(e, production),
    mail: mailConfig(e),
    chat: chatConfig(e),
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === '1',
    cloud: cloudConfig(e, dataDir),
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}

/** TOKEN_ENCRYPTION_KEY (32 bytes as base64 or hex), else a key generated once into DATA_DIR. */
function loadTokenKey(dataDir: string, given?: string): Buffer {
  const decode = (text: string) =>
    /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (given) {
    const key = decode(given.trim());
    if (key.length !== 32)
      throw new Error(
        'Invalid configuration: TOKEN_ENCRYPTION_KEY must be 32 bytes, as base64 or 64 hex digits',
      );
    return key;
  }
  const file = join(dataDir, 'token-key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  const key = decode(readFileSync(file, 'utf8').trim());
  if (key.length !== 32) throw new Error(`Invalid token key in ${file}: expected 32 bytes`);
  return key;
}

const origin = (url: string) => url.replace(/\/+$/, '');

function cloudConfig(e: z.infer<typeof EnvSchema>, dataDir: string): CloudConfig {
  return {
    tokenKey: loadTokenKey(dataDir, e.TOKEN_ENCRYPTION_KEY),
    googleDrive: e.GOOGLE_OAUTH_CLIENT_ID
      ? {
          clientId: e.GOOGLE_OAUTH_CLIENT_ID,
          clientSecret: e.GOOGLE_OAUTH_CLIENT_SECRET,
          authBase: origin(e.GOOGLE_OAUTH_AUTH_BASE),
          tokenBase: origin(e.GOOGLE_OAUTH_TOKEN_BASE),
          apiBase: origin(e.GOOGLE_DRIVE_API_BASE),
        }
      : undefined,
    dropbox: e.DROPBOX_CLIENT_ID
      ? {
          clientId: e.DROPBOX_CLIENT_ID,
          clientSecret: e.DROPBOX_CLIENT_SECRET,
          authBase: origin(e.DROPBOX_AUTH_BASE),
          tokenBase: origin(e.DROPBOX_API_BASE),
          apiBase: origin(e.DROPBOX_API_BASE),
          contentBase: origin(e.DROPBOX_CONTENT_BASE),
          appFolder: e.DROPBOX_APP_FOLDER,
        }
      : undefined,
    onedrive: e.MICROSOFT_CLIENT_ID
      ? {
          clientId: e.MICROSOFT_CLIENT_ID,
          clientSecret: e.MICROSOFT_CLIENT_SECRET,
          authBase: origin(e.MICROSOFT_AUTH_BASE),
          tokenBase: origin(e.MICROSOFT_AUTH_BASE),
          apiBase: origin(e.MICROSOFT_GRAPH_BASE),
          tenant: e.MICROSOFT_TENANT,
        }
      : undefined,
    simpleUploadMaxBytes: e.CLOUD_SIMPLE_UPLOAD_MAX_BYTES,
    chunkBytes: e.CLOUD_UPLOAD_CHUNK_BYTES,
  };
}

function chatConfig(e: z.infer<typeof EnvSchema>): ChatConfig {
  if (Boolean(e.CHAT_LLM_URL) !== Boolean(e.CHAT_LLM_MODEL)) {
    throw new Error('Invalid configuration: CHAT_LLM_URL and CHAT_LLM_MODEL must be set together');
  }
  return {
    model:
      e.CHAT_LLM_URL && e.CHAT_LLM_MODEL
        ? {
            url: e.CHAT_LLM_URL,
            model: e.CHAT_LLM_MODEL,
            apiKey: e.CHAT_LLM_API_KEY,
            timeoutMs: e.CHAT_LLM_TIMEOUT_MS,
            stream: e.CHAT_LLM_STREAM === '1',
          }
        : undefined,
    messagesPerMinute: e.CHAT_MESSAGES_PER_MINUTE,
    supportEmail: e.SUPPORT_EMAIL,
  };
}

function mailConfig(e: z.infer<typeof EnvSchema>): Config['mail'] {
  if (e.SMTP_URL && !e.MAIL_FROM) {
    throw new Error('Invalid configuration: MAIL_FROM must be set together with SMTP_URL');
  }
  return { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? 'Tracery <no-reply@tracery.local>' };
}

/** Development default for PUBLIC_URL: the address the server listens on. */
function listenOrigin(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '::' || host === '' ? 'localhost' : host;
  return `http://${isIPv6(name) ? `[${name}]` : name}:${port}`;
}

/**
 * TRUST_PROXY: a hop count (how many proxies in front append to X-Forwarded-For), or a
 * comma-separated list of proxy addresses/CIDRs. "Trust everything" is not accepted: with it any
 * client could pick its own address by sending X-Forwarded-For.
 */
export function parseTrustProxy(value: string | undefined): number | string[] | false {
  const v = value?.trim();
  if (!v || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error('Invalid configuration: TRUST_PROXY hop count must be 0–10');
    return hops;
  }
  const entries = v.split(',').map((s) => s.trim());
  for (const entry of entries) {
    const [address, prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk =
      prefix === undefined ||
      (/^\d+$/.test(prefix) && Number(prefix) >= 1 && Number(prefix) <= bits);
    if (!family || !prefixOk || rest.length > 0) {
      throw new Error(
        `Invalid configuration: TRUST_PROXY must be a hop count or proxy addresses/CIDRs, not "${entry}"`,
      );
    }
  }
  return entries;
}

function billingConfig(e: z.infer<typeof EnvSchema>, production: boolean): BillingConfig {
  if (Boolean(e.PAYPAL_CLIENT_ID) !== Boolean(e.PAYPAL_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration: PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET must be set together',
    );
  }
  const buttons: Record<string, string | undefined> = {
    basic: e.PAYPAL_HOSTED_BUTTON_BASIC,
    basic_annual: e.PAYPAL_HOSTED_BUTTON_BASIC_ANNUAL,
    professional: e.PAYPAL_HOSTED_BUTTON_PROFESSIONAL,
    professional_annual: e.PAYPAL_HOSTED_BUTTON_PROFESSIONAL_ANNUAL,
    business: e.PAYPAL_HOSTED_BUTTON_BUSINESS,
    business_annual: e.PAYPAL_HOSTED_BUTTON_BUSINESS_ANNUAL,
  };
  const allowTest = e.ALLOW_TEST_PAYMENTS === '1' || e.ALLOW_TEST_PAYMENTS === 'true';
  const anyProvider = Boolean(e.STRIPE_SECRET_KEY || e.PAYPAL_CLIENT_ID);
  if (production && !anyProvider && !allowTest) {
    throw new Error(
      'Invalid configuration: no payment provider keys in production (set STRIPE_SECRET_KEY and/or PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET, or ALLOW_TEST_PAYMENTS=1 to run with test payments)',
    );
  }
  return {
    testPayments: !production || allowTest,
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          host: e.STRIPE_API_HOST,
          port: e.STRIPE_API_PORT,
          protocol: e.STRIPE_API_PROTOCOL,
        }
      : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_CLIENT_SECRET
        ? {
            clientId: e.PAYPAL_CLIENT_ID,
            clientSecret: e.PAYPAL_CLIENT_SECRET,
            webhookId: e.PAYPAL_WEBHOOK_ID,
            environment: e.PAYPAL_ENVIRONMENT,
            apiBase: (
              e.PAYPAL_API_BASE ??
              (e.PAYPAL_ENVIRONMENT === 'live'
                ? 'https://api-m.paypal.com'
                : 'https://api-m.sandbox.paypal.com')
            ).replace(/\/+$/, ''),
          }
        : undefined,
    paypalEnvironment: e.PAYPAL_ENVIRONMENT,
    paypalClientId: e.PAYPAL_CLIENT_ID,
    paypalHostedButtons: Object.fromEntries(
      Object.entries(buttons).filter((entry): entry is [string, string] => Boolean(entry[1])),
    ),
  };
}

/** Values from the configuration that must never appear in an answer. */
export function configSecrets(config: Config): string[] {
  const values = [
    new TextDecoder().decode(config.jwtSecret),
    config.chat.model?.apiKey,
    config.billing.stripe?.secretKey,
    config.billing.stripe?.webhookSecret,
    config.billing.paypal?.clientSecret,
    config.s3?.secretAccessKey,
    config.database.kind === 'postgres' ? config.database.url : undefined,
    config.redisUrl,
    config.mail.smtpUrl,
    config.cloud.tokenKey.toString('base64'),
    config.cloud.googleDrive?.clientSecret,
    config.cloud.dropbox?.clientSecret,
    config.cloud.onedrive?.clientSecret,
    config.metrics.token,
  ];
  return values.filter((v): v is string => typeof v === 'string' && v.length >= 8);
}
