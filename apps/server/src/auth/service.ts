import { queueVerificationIn } from '../account/verify-email.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { verifyGoogleIdToken } from './google.js';
import { burnVerifyTime, hashPassword, verifyPassword } from './passwords.js';
import {
  admitLogin,
  admitPasswordChange,
  admitRegistration,
  loginSucceeded,
  passwordChangeSucceeded,
} from './throttle.js';
import { revokeAllSessions } from './tokens.js';
import {
  createUser,
  findUserByEmail,
  findUserById,
  normaliseEmail,
  setPasswordHash,
  type UserRow,
} from './users.js';

const INVALID_LOGIN = 'Incorrect email or password';

/** Accounts: sign-up, sign-in (password or Google) and password changes. */
export async function register(
  ctx: AppContext,
  input: { name: string; email: string; password: string; ip: string },
): Promise<UserRow> {
  await admitRegistration(ctx.db, input.ip, ctx.config.signupsPerHour);
  const user = await createUser(
    ctx.db,
    { name: input.name, email: input.email, passwordHash: await hashPassword(input.password) },
    (trx, created) => queueVerificationIn(ctx, trx, created),
  );
  if (!user) throw new DomainError('EMAIL_TAKEN', 'An account with this email already exists');
  return user;
}

/** Attempts are counted per email and address before the check; an unknown email costs the same time. */
export async function login(
  ctx: AppContext,
  input: { email: string; password: string; ip: string },
): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  await admitLogin(ctx.db, email, input.ip);
  const user = await findUserByEmail(ctx.db, email);
  const ok = user?.password_hash
    ? await verifyPassword(user.password_hash, input.password)
    : (await burnVerifyTime(input.password), false);
  if (!user || !ok) throw new DomainError('INVALID_CREDENTIALS', INVALID_LOGIN);
  await loginSucceeded(ctx.db, email, input.ip);
  return user;
}

/** A verified Google ID token signs in the account of its email, made on first use. */
export async function googleSignIn(ctx: AppContext, token: string): Promise<UserRow> {
  if (!ctx.config.googleClientId) {
    throw new DomainError(
      'SERVICE_NOT_CONFIGURED',
      'Google sign-in is not configured on this server',
    );
  }
  const identity = await verifyGoogleIdToken(token, ctx.config.googleClientId, ctx.googleCerts);
  if (!identity)
    throw new DomainError('INVALID_CREDENTIALS', 'Google sign-in failed: the token is not valid');
  const existing = await findUserByEmail(ctx.db, identity.email);
  const user =
    existing ??
    (await createUser(ctx.db, {
      email: identity.email,
      name: identity.name ?? identity.email.split('@')[0],
      passwordHash: null,
      googleSub: identity.sub,
      avatarUrl: identity.picture ?? null,
      emailVerified: true,
    })) ??
    (await findUserByEmail(ctx.db, identity.email));
  if (!user) throw new DomainError('INTERNAL', 'Could not create the account');
  return user;
}

/** Changing the password ends every session of the account. */
export async function changePassword(
  ctx: AppContext,
  user: UserRow,
  input: { current_password: string; new_password: string },
): Promise<UserRow> {
  await admitPasswordChange(ctx.db, user.id);
  if (user.password_hash && !(await verifyPassword(user.password_hash, input.current_password))) {
    throw new DomainError('FORBIDDEN', 'The current password is not correct');
  }
  await passwordChangeSucceeded(ctx.db, user.id);
  await setPasswordHash(ctx.db, user.id, await hashPassword(input.new_password));
  await revokeAllSessions(ctx.db, user.id);
  return (await findUserById(ctx.db, user.id))!;
}
