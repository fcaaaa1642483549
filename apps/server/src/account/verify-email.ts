import type { UserRow } from '../auth/users.js';
import { findUserById } from '../auth/users.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/connect.js';
import { DomainError } from '../errors.js';
import { verifyEmailMessage } from '../mail/messages.js';
import { nowIso } from '../time.js';
import { consumeTokenIn, countIssuedSince, issueTokenIn } from './tokens.js';
import { markEmailVerifiedIn } from './repository.js';

export const VERIFY_TTL_MS = 48 * 3600_000;
/** Resend: one link a minute, five a day. */
const RESEND_GAP_MS = 60_000;
const RESEND_PER_DAY = 5;
export const INVALID_LINK = 'This link is invalid, has expired or has already been used';

/**
 * Email verification: a link at registration (queued in the registration's transaction). An
 * unverified account keeps working; inviting team members needs a verified address.
 */
export async function queueVerificationIn(
  ctx: AppContext,
  trx: Db,
  user: Pick<UserRow, 'id' | 'email' | 'name'>,
): Promise<void> {
  const token = await issueTokenIn(trx, 'verify_email', user, VERIFY_TTL_MS);
  await ctx.mail.queueIn(trx, {
    kind: 'verify_email',
    to: user.email,
    content: verifyEmailMessage(user.name, ctx.mail.link('/verify-email', { token })),
  });
}

/** POST /auth/verify-email: the link's address becomes verified (if it is still the account's). */
export async function verifyEmail(ctx: AppContext, token: string): Promise<UserRow> {
  const userId = await ctx.db.transaction().execute(async (trx) => {
    const used = await consumeTokenIn(trx, 'verify_email', token);
    if (!used.ok) return null;
    await markEmailVerifiedIn(trx, used.token.user_id, used.token.email);
    return used.token.user_id;
  });
  const user = userId ? await findUserById(ctx.db, userId) : undefined;
  if (!user) throw new DomainError('GONE', INVALID_LINK);
  return user;
}

/** POST /auth/verify-email/resend: a fresh link, at most one a minute and five a day. */
export async function resendVerification(ctx: AppContext, user: UserRow): Promise<string> {
  if (user.email_verified_at)
    throw new DomainError('CONFLICT', 'Your email address is already verified');
  const now = Date.now();
  if ((await countIssuedSince(ctx.db, 'verify_email', user.id, nowIso(now - RESEND_GAP_MS))) > 0)
    throw new DomainError(
      'RATE_LIMITED',
      'We just sent a link; wait a minute before asking again',
      {
        retryAfterSeconds: RESEND_GAP_MS / 1000,
      },
    );
  if (
    (await countIssuedSince(ctx.db, 'verify_email', user.id, nowIso(now - 24 * 3600_000))) >=
    RESEND_PER_DAY
  )
    throw new DomainError(
      'RATE_LIMITED',
      'Too many verification emails today; try again tomorrow or contact support',
      { retryAfterSeconds: 3600 },
    );
  await ctx.db.transaction().execute((trx) => queueVerificationIn(ctx, trx, user));
  return `We sent a new link to ${user.email}`;
}
