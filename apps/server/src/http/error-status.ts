import type { ErrorCode } from '@tracery/contracts';

/** The one place that decides which HTTP status each error code is answered with. */
export const STATUS_OF: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_NOT_CONFIGURED: 503,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_TAKEN: 409,
  ACCOUNT_LINK_REQUIRED: 409,
  FORBIDDEN: 403,
  PLAN_REQUIRED: 403,
  EMAIL_UNVERIFIED: 403,
  SEATS_FULL: 409,
  NOT_ENOUGH_CREDITS: 402,
  FORMAT_NOT_IN_PLAN: 403,
  FILE_TOO_LARGE: 413,
  IMAGE_UNSUPPORTED: 415,
  IMAGE_INVALID: 422,
  IMAGE_TOO_LARGE: 422,
  QUEUE_FULL: 429,
  CONVERSION_TIMEOUT: 503,
  CONVERSION_FAILED: 500,
  PLAN_NOT_PURCHASABLE: 400,
  PAYMENT_INCOMPLETE: 402,
  PAYMENT_CANCELLED: 409,
  PAYMENT_AMOUNT_MISMATCH: 409,
  PAYMENT_PROVIDER_ERROR: 502,
  PAYMENT_NOT_CONFIGURED: 503,
  PAYMENT_RETRY_LATER: 503,
  CONFIRMATION_REQUIRED: 409,
  CLOUD_RECONNECT_REQUIRED: 409,
  CLOUD_PROVIDER_ERROR: 502,
};

/** The code of an error Fastify or one of its plugins raised with a client status. */
export function codeOfClientStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'UNAUTHENTICATED';
    case 404:
      return 'NOT_FOUND';
    case 406:
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 422:
      return 'VALIDATION_FAILED';
    case 429:
      return 'RATE_LIMITED';
    default:
      return 'BAD_REQUEST';
  }
}
