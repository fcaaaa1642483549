import { findUserByEmail, type UserRow } from '../auth/users.js';
import type { Db } from '../db/connect.js';

export const ROLES = ['user', 'admin'] as const;

/** Gives an account a role; the first admin is made this way, from the CLI. */
export async function setRole(db: Db, email: string, role: string): Promise<UserRow> {
  if (!(ROLES as readonly string[]).includes(role))
    throw new Error(`Unknown role "${role}": use one of ${ROLES.join(', ')}`);
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No account with the email ${email}`);
  await db
    .updateTable('users')
    .set({ role, updated_at: new Date().toISOString() })
    .where('id', '=', user.id)
    .execute();
  return (await findUserByEmail(db, email))!;
}
