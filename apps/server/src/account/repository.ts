import type { Db } from '../db/connect.js';
import { nowIso } from '../time.js';

/** The address is verified only if it is still the account's (an email change needs a new link). */
export async function markEmailVerifiedIn(trx: Db, userId: string, email: string): Promise<void> {
  const now = nowIso();
  await trx
    .updateTable('users')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', userId)
    .where('email', '=', email)
    .where('email_verified_at', 'is', null)
    .execute();
}
