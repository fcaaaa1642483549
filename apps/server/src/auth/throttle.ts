import type { Db } from '../db/connect.js';
import { DomainError } from '../errors.js';
import {
  claim,
  pruneCounters,
  releaseOne,
  resetBucket,
  type ClaimRule,
} from './throttle-counters.js';

/**
 * The throttles of the identity paths. Every attempt is counted (atomically) BEFORE the password
 * is looked at, so concurrent requests cannot overrun a limit.
 * - sign-in: 10 per account and address, 50 per address (15 minutes); and per account across all
 *   addresses a backoff: past 10 admitted attempts each next one waits 1, 2, 4 … at most 30 s
 *   (so one address using up its own 10 holds no one else up).
 *   Someone else's failures therefore delay the owner by 30 s at most, never lock them out.
 * - password change: 10 per account (15 minutes); password-reset
 *   requests: 3 per email and 20 per address an hour; registration: SIGNUPS_PER_HOUR per address.
 */
const MINUTE = 60_000;
const BACKOFF_FROM = 10;
const BACKOFF_CAP_MS = 30_000;

export const RULES = {
  loginAccountAddress: { limit: 10, windowMs: 15 * MINUTE },
  loginAddress: { limit: 50, windowMs: 15 * MINUTE },
  loginAccount: {
    limit: 1_000_000, // no count limit: the hold is the limit
    windowMs: 15 * MINUTE,
    holdAfter: (n: number) =>
      n <= BACKOFF_FROM ? 0 : Math.min(BACKOFF_CAP_MS, 1000 * 2 ** (n - BACKOFF_FROM - 1)),
    maxHits: BACKOFF_FROM + 7,
  },
  passwordChange: { limit: 10, windowMs: 15 * MINUTE },
  resetEmail: { limit: 3, windowMs: 60 * MINUTE },
  resetAddress: { limit: 20, windowMs: 60 * MINUTE },
} satisfies Record<string, ClaimRule>;

const bucket = {
  loginAccountAddress: (email: string, ip: string) => `login:acct-ip:${email}|${ip}`,
  loginAddress: (ip: string) => `login:ip:${ip}`,
  loginAccount: (email: string) => `login:acct:${email}`,
  passwordChange: (userId: string) => `password:user:${userId}`,
  registrationAddress: (ip: string) => `register:ip:${ip}`,
  resetEmail: (email: string) => `reset:email:${email}`,
  resetAddress: (ip: string) => `reset:ip:${ip}`,
};

async function admit(db: Db, key: string, rule: ClaimRule, what: string): Promise<void> {
  const result = await claim(db, key, rule);
  if (!result.ok) {
    throw new DomainError(
      'RATE_LIMITED',
      `Too many ${what}. Try again in ${result.retryAfterSeconds} s.`,
      { retryAfterSeconds: result.retryAfterSeconds },
    );
  }
}

/** Counts a sign-in attempt for a (normalised) email from an address, or throws RATE_LIMITED. */
export async function admitLogin(db: Db, email: string, ip: string): Promise<void> {
  const what = 'sign-in attempts';
  await admit(db, bucket.loginAccountAddress(email, ip), RULES.loginAccountAddress, what);
  await admit(db, bucket.loginAccount(email), RULES.loginAccount, what);
  await admit(db, bucket.loginAddress(ip), RULES.loginAddress, what);
}

/** A correct password clears the account's failures and gives the address its attempt back. */
export async function loginSucceeded(db: Db, email: string, ip: string): Promise<void> {
  await resetBucket(db, bucket.loginAccountAddress(email, ip));
  await resetBucket(db, bucket.loginAccount(email));
  await releaseOne(db, bucket.loginAddress(ip));
}

export const admitPasswordChange = (db: Db, userId: string) =>
  admit(db, bucket.passwordChange(userId), RULES.passwordChange, 'password attempts');

export const passwordChangeSucceeded = (db: Db, userId: string) =>
  resetBucket(db, bucket.passwordChange(userId));

export const admitRegistration = (db: Db, ip: string, perHour: number) =>
  admit(
    db,
    bucket.registrationAddress(ip),
    { limit: perHour, windowMs: 60 * MINUTE },
    'sign-ups from this address',
  );

/** For the password-reset request route: per email (normalised) and per address. */
export async function admitPasswordResetRequest(db: Db, email: string, ip: string): Promise<void> {
  const what = 'password reset requests';
  await admit(db, bucket.resetEmail(email), RULES.resetEmail, what);
  await admit(db, bucket.resetAddress(ip), RULES.resetAddress, what);
}

/** Drops counters idle for longer than the longest window. */
export const pruneAttempts = (db: Db) => pruneCounters(db, 60 * MINUTE);
