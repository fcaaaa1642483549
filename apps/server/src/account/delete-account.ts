import { verifyPassword } from '../auth/passwords.js';
import type { UserRow } from '../auth/users.js';
import { findSubscription } from '../billing/repository.js';
import { providerFor, type Providers } from '../billing/providers/registry.js';
import { forgetCloudAccount } from '../cloud/connections.js';
import type { AppContext } from '../context.js';
import { deleteResult } from '../conversions/results.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { anonymiseUserIn, storedFilesOf } from './repository.js';

export interface DeleteLog {
  warn(obj: object, msg: string): void;
}

/**
 * DELETE /account: confirmed by the password (or, for a Google-only account, by typing its
 * email). The subscription stops renewing with its provider, the stored files are deleted, and
 * the account's personal data goes in one transaction; the ledger rows stay, under an
 * anonymous account, so the books still add up. The address is free for a new account at once
 * (and no email goes to it afterwards: the outbox forgets it too).
 */
export async function deleteAccount(
  ctx: AppContext,
  providers: Providers,
  user: UserRow,
  confirm: { password?: string; email?: string },
  log?: DeleteLog,
): Promise<void> {
  const ok = user.password_hash
    ? confirm.password !== undefined && (await verifyPassword(user.password_hash, confirm.password))
    : confirm.email !== undefined && confirm.email.trim().toLowerCase() === user.email;
  if (!ok)
    throw new DomainError(
      'FORBIDDEN',
      user.password_hash
        ? 'The password is not correct'
        : 'Type the email address of this account to confirm',
    );

  const sub = await findSubscription(ctx.db, user.id);
  if (sub?.status === 'active' && sub.cancel_at_period_end === 0 && sub.provider_subscription_id) {
    try {
      await providerFor(providers, sub.provider).cancelAtPeriodEnd(sub.provider_subscription_id);
    } catch (error) {
      // The account goes anyway; an admin finishes the cancellation from the log.
      log?.warn(
        { err: error, subscription: sub.provider_subscription_id },
        'account deleted: cancel its subscription with the provider',
      );
    }
  }
  const stored = await storedFilesOf(ctx.db, user.id);
  for (const key of stored.results) await deleteResult(ctx.files, key);
  for (const key of stored.inputs) await ctx.files.delete(key);
  await forgetCloudAccount(ctx, user, log);

  await ctx.db.transaction().execute((trx) => anonymiseUserIn(trx, user, nowIso()));
}
