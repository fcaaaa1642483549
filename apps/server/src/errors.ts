import type { ErrorCode } from '@tracery/contracts';

export interface DomainErrorExtra {
  /** Seconds the client should wait before trying again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** What went wrong underneath: logged by the server, never sent to the client. */
  cause?: unknown;
  /** Ids that help find the failure in the log (a conversion id, say); logged, never sent. */
  context?: Record<string, string>;
}

/**
 * What services (and routes) throw when a request cannot be served: a code from the contracts'
 * closed list and a detail for the user. Which HTTP status that is, is the HTTP layer's business
 * (http/error-status.ts).
 */
export class DomainError extends Error {
  readonly retryAfterSeconds?: number;
  readonly context?: Record<string, string>;

  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    extra: DomainErrorExtra = {},
  ) {
    super(detail, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'DomainError';
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.context = extra.context;
  }
}

export const isDomainError = (error: unknown, code?: ErrorCode): error is DomainError =>
  error instanceof DomainError && (code === undefined || error.code === code);
