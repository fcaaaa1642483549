import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { verifyGoogleIdToken, type GoogleIdentity } from './google.js';
import { verifyPassword } from './passwords.js';
import { admitLogin, loginSucceeded } from './throttle.js';
import {
  bindGoogleSub,
  createUser,
  findUserByEmail,
  findUserByGoogleSub,
  type UserRow,
} from './users.js';

/**
 * Google sign-in binds the Google account id (`sub`) to a Tracery account and afterwards matches
 * by `sub` alone, so an email that changes (at Google or here) neither locks the owner out nor
 * lets another Google account with that email in. An existing account that has no Google account
 * yet is linked only after its owner proves control with its password (`linkGoogle`).
 */
async function verifiedIdentity(ctx: AppContext, token: string): Promise<GoogleIdentity> {
  if (!ctx.config.googleClientId) {
    throw new DomainError(
      'SERVICE_NOT_CONFIGURED',
      'Google sign-in is not configured on this server',
    );
  }
  const identity = await verifyGoogleIdToken(token, ctx.config.googleClientId, ctx.googleCerts);
  if (!identity)
    throw new DomainError('INVALID_CREDENTIALS', 'Google sign-in failed: the token is not valid');
  return identity;
}

const otherGoogleAccount = () =>
  new DomainError(
    'FORBIDDEN',
    'This email belongs to a Tracery account linked to a different Google account',
  );

export async function googleSignIn(ctx: AppContext, token: string): Promise<UserRow> {
  const identity = await verifiedIdentity(ctx, token);
  const bound = await findUserByGoogleSub(ctx.db, identity.sub);
  if (bound) return bound;
  const byEmail = await findUserByEmail(ctx.db, identity.email);
  if (byEmail) throw refusal(byEmail);
  const created = await createUser(ctx.db, {
    email: identity.email,
    name: identity.name ?? identity.email.split('@')[0],
    passwordHash: null,
    googleSub: identity.sub,
    avatarUrl: identity.picture ?? null,
    emailVerified: true,
  });
  if (created) return created;
  // A concurrent first sign-in made the account (same sub: sign in), or someone registered the email.
  const raced = await findUserByGoogleSub(ctx.db, identity.sub);
  if (raced) return raced;
  const taken = await findUserByEmail(ctx.db, identity.email);
  throw taken ? refusal(taken) : new DomainError('INTERNAL', 'Could not create the account');
}

function refusal(existing: UserRow): DomainError {
  if (existing.google_sub) return otherGoogleAccount();
  return new DomainError(
    'ACCOUNT_LINK_REQUIRED',
    existing.password_hash
      ? 'An account with this email already exists. Enter its password to link your Google account.'
      : 'An account with this email already exists. Set its password with the emailed link (or a password reset) first, then link your Google account.',
  );
}

/** Links the Google account of `token` to the account of its email, given that account's password. */
export async function linkGoogle(
  ctx: AppContext,
  input: { token: string; password: string; ip: string },
): Promise<UserRow> {
  const identity = await verifiedIdentity(ctx, input.token);
  const bound = await findUserByGoogleSub(ctx.db, identity.sub);
  if (bound) return bound;
  const email = identity.email.trim().toLowerCase();
  // The password check is a sign-in attempt like any other: same throttles, same answer.
  await admitLogin(ctx.db, email, input.ip);
  const user = await findUserByEmail(ctx.db, email);
  if (!user?.password_hash || !(await verifyPassword(user.password_hash, input.password))) {
    throw new DomainError('INVALID_CREDENTIALS', 'Incorrect password');
  }
  await loginSucceeded(ctx.db, email, input.ip);
  if (user.google_sub) throw otherGoogleAccount();
  const linked = await bindGoogleSub(ctx.db, user.id, identity.sub);
  if (!linked) throw otherGoogleAccount();
  return linked;
}
