import { hashNewPassword } from '../auth/password-policy.js';
import { revokeAllSessions } from '../auth/tokens.js';
import { findUserByEmail, findUserById, setPasswordHash, type UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { DomainError } from '../errors.js';
import { passwordChangedMessage, passwordResetMessage } from '../mail/messages.js';
import { markEmailVerifiedIn } from './repository.js';
import { consumeTokenIn, expireOpenTokensIn, issueTokenIn } from './tokens.js';
import { INVALID_LINK } from './verify-email.js';

export const RESET_TTL_MS = 3600_000;
export const FORGOT_ANSWER =
  'If an account exists for that email, we sent it a link to reset the password. Check your inbox.';

/**
 * POST /auth/forgot-password: the answer never says whether the email has an account; an
 * account gets a single-use link. (The route's throttle counts per email, known or not.)
 */
export async function forgotPassword(ctx: AppContext, email: string): Promise<void> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.deleted_at) return;
  await ctx.db.transaction().execute(async (trx) => {
    const token = await issueTokenIn(trx, 'password_reset', user, RESET_TTL_MS);
    await ctx.mail.queueIn(trx, {
      kind: 'password_reset',
      to: user.email,
      content: passwordResetMessage(ctx.mail.link('/reset-password', { token })),
    });
  });
}

/**
 * POST /auth/reset-password: the link works once; the new password replaces the old, every
 * session of the account ends, every other open reset link dies, and the owner is told.
 */
export async function resetPassword(
  ctx: AppContext,
  token: string,
  newPassword: string,
): Promise<UserRow> {
  const hash = await hashNewPassword(newPassword);
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const used = await consumeTokenIn(trx, 'password_reset', token);
    if (!used.ok) return null;
    const { user_id, email } = used.token;
    await setPasswordHash(trx, user_id, hash);
    await expireOpenTokensIn(trx, 'password_reset', user_id);
    await revokeAllSessions(trx, user_id);
    // The link reached the inbox, so the address is the owner's.
    await markEmailVerifiedIn(trx, user_id, email);
    await ctx.mail.queueIn(trx, {
      kind: 'password_changed',
      to: email,
      content: passwordChangedMessage(),
    });
    return user_id;
  });
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!user) throw new DomainError('GONE', INVALID_LINK);
  return user;
}
