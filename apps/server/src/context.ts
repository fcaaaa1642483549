import type { GoogleCerts } from './auth/google.js';
import type { Outbox } from './billing/outbox.js';
import type { Providers } from './billing/providers/registry.js';
import type { OutputFormat } from '@tracery/contracts';
import type { Config } from './config.js';
import type { Db, Dialect } from './db/connect.js';
import type { CounterStore } from './http/rate-limit.js';
import type { Admission } from './conversions/admission.js';
import type { DecodedImage, DecodeLimits } from './images/decode.js';
import type { Tracer } from './jobs/tracer.js';
import type { Mailer } from './mail/service.js';
import type { FileStore } from './storage/file-store.js';

/** What the route modules need, built once in main.ts (or by a test) and passed down. */
export interface AppContext {
  config: Config;
  db: Db;
  dialect: Dialect;
  tracer: Tracer;
  /**
   * Image work that must not block the event loop, in worker threads (the embedded trace pool,
   * or a small pool of its own): decoding uploads, writing stored vectors in other formats.
   */
  imageWorkers: {
    decode(bytes: Uint8Array, limits: DecodeLimits): Promise<DecodedImage>;
    write(vector: Uint8Array, format: OutputFormat): Promise<Uint8Array>;
  };
  /** Conversions in flight per account and pixels in flight in this process. */
  admission: Admission;
  files: FileStore;
  /** Set when the process has been told to stop: readiness answers 503 while work drains. */
  lifecycle: { draining: boolean; inFlight: number };
  /** Rate-limit counters: this process's memory, or Redis shared by every API process. */
  counters: CounterStore;
  /** This process as a runner: stamped on the conversions it starts (jobs/crash-recovery.ts). */
  runnerId?: string;
  /** Transactional email through the durable outbox. */
  mail: Mailer;
  /** Where Google's signing keys come from (tests supply their own key set). */
  googleCerts?: GoogleCerts;
  /** Payment providers (default: built from config.billing; tests may supply their own). */
  billingProviders?: Providers;
  /** Where guest-checkout links go (default: the mail outbox; tests may capture them). */
  outbox?: Outbox;
}
