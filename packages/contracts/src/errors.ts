import { z } from 'zod';

/**
 * The closed list of error codes the API answers with, in every error body `{detail, code}`.
 * The server maps each code to one HTTP status (apps/server/src/http/error-status.ts); clients
 * branch on the code and show the detail.
 */
export const ERROR_CODES = [
  // Requests
  'BAD_REQUEST', // malformed request (broken multipart, bad JSON, a webhook without a valid signature)
  'VALIDATION_FAILED', // a field is missing or invalid; detail names it
  'UNSUPPORTED_MEDIA_TYPE', // the request's content type
  'PAYLOAD_TOO_LARGE', // the request body is over the server's limit
  'NOT_FOUND',
  'CONFLICT', // the state does not allow it (already done, already attached, limit of keys)
  'GONE', // expired results, used or expired links
  'RATE_LIMITED', // too many requests; Retry-After says when to come back
  'INTERNAL', // anything unexpected; the detail says nothing more
  'SERVICE_NOT_CONFIGURED', // a feature that needs configuration this server lacks (Google sign-in)
  // Accounts
  'UNAUTHENTICATED', // no token, or an expired, revoked or invalid one
  'INVALID_CREDENTIALS', // wrong email or password
  'EMAIL_TAKEN',
  'ACCOUNT_LINK_REQUIRED', // Google sign-in for an existing account: link it with its password first
  'FORBIDDEN', // signed in, but not allowed (admins only, someone else's link, wrong current password)
  'PLAN_REQUIRED', // the account's plan does not include the feature (API access)
  'EMAIL_UNVERIFIED', // the feature needs a verified email address (team invitations)
  'SEATS_FULL', // every seat of the team is taken (members and open invitations)
  // Conversions
  'NOT_ENOUGH_CREDITS',
  'FORMAT_NOT_IN_PLAN',
  'FILE_TOO_LARGE', // over the plan's (or the upload's) byte limit
  'IMAGE_UNSUPPORTED', // not a PNG, JPEG, GIF or BMP by its bytes
  'IMAGE_INVALID', // damaged, truncated or an unsupported variant
  'IMAGE_TOO_LARGE', // too many pixels or GIF frames
  'QUEUE_FULL', // the trace queue is full; credits refunded, Retry-After says when to come back
  'CONVERSION_TIMEOUT', // the trace ran past its time limit; credits refunded
  'CONVERSION_FAILED', // the trace failed; credits refunded
  // Payments
  'PLAN_NOT_PURCHASABLE', // unknown plan, the free plan, or PayPal for a plan it does not sell
  'PAYMENT_INCOMPLETE', // the provider has not been paid (yet)
  'PAYMENT_CANCELLED',
  'PAYMENT_AMOUNT_MISMATCH',
  'PAYMENT_PROVIDER_ERROR', // the provider answered with an error
  'PAYMENT_NOT_CONFIGURED', // the provider is not configured (or test payments are disabled)
  'PAYMENT_RETRY_LATER', // a webhook about something not known yet; the provider retries
  'CONFIRMATION_REQUIRED', // the change replaces something the owner has (an active plan); resend with confirm
  // Cloud storage
  'CLOUD_RECONNECT_REQUIRED', // the provider revoked or expired the grant: connect the account again
  'CLOUD_PROVIDER_ERROR', // the storage provider refused or failed the request
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
export const ErrorCodeSchema = z.enum(ERROR_CODES);

export const ErrorBody = z.object({ detail: z.string(), code: ErrorCodeSchema });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  (ERROR_CODES as readonly unknown[]).includes(value);
