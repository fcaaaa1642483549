import { queueVerificationIn } from '../account/verify-email.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { burnVerifyTime, verifyPassword } from './passwords.js';
import { hashNewPassword } from './password-policy.js';
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

/** Accounts: sign-up, sign-in with a password and password changes (Google: google-link.ts). */
export async function register(
  ctx: AppContext,
  input: { name: string; email: string; password: string; ip: string },
): Promise<UserRow> {
  await admitRegistration(ctx.db, input.ip, ctx.config.signupsPerHour);
  const user = await createUser(
    ctx.db,
    { name: input.name, email: input.email, passwordHash: await hashNewPassword(input.password) },
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
  await setPasswordHash(ctx.db, user.id, await hashNewPassword(input.new_password));
  await revokeAllSessions(ctx.db, user.id);
  return (await findUserById(ctx.db, user.id))!;
}
