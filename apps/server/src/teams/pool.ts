import type { UserRow } from '../auth/users.js';
import type { Db } from '../db/connect.js';
import { findUserById } from '../auth/users.js';
import { findMembership } from './repository.js';
import { hasTeamSeats } from './service.js';

/**
 * Who pays for a user's conversion, and whose plan's limits apply: a team member converts
 * against the team's pool (the owner's balance) on the owner's Business plan; when that plan
 * has lapsed, or for anyone else, the user's own account.
 */
export async function payerFor(db: Db, user: UserRow): Promise<UserRow> {
  const membership = await findMembership(db, user.id);
  if (!membership) return user;
  const owner = await findUserById(db, membership.owner_id);
  return owner && !owner.deleted_at && hasTeamSeats(owner.plan_id) ? owner : user;
}
