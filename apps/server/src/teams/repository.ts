import { randomUUID } from 'node:crypto';
import type { Db } from '../db/connect.js';
import { deleteRows, findRow, updateRows } from '../db/rows.js';
import type { TeamInvitationsTable, TeamsTable } from '../db/schema.js';
import { nowIso } from '../time.js';

/** Teams, members and invitations (SQL only). */
export type TeamRow = TeamsTable;
export type InvitationRow = TeamInvitationsTable;

export async function findTeamByOwner(db: Db, ownerId: string): Promise<TeamRow | undefined> {
  return db.selectFrom('teams').selectAll().where('owner_id', '=', ownerId).executeTakeFirst();
}

/** The team a user belongs to as a member (not as its owner). */
export async function findMembership(
  db: Db,
  userId: string,
): Promise<{ team_id: string; owner_id: string; joined_at: string } | undefined> {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select(['team_members.team_id', 'teams.owner_id', 'team_members.created_at as joined_at'])
    .where('team_members.user_id', '=', userId)
    .executeTakeFirst();
}

/** The owner's team, made on first use. */
export async function ensureTeamIn(trx: Db, ownerId: string): Promise<TeamRow> {
  const now = nowIso();
  await trx
    .insertInto('teams')
    .values({ id: randomUUID(), owner_id: ownerId, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('owner_id').doNothing())
    .execute();
  return (await findTeamByOwner(trx, ownerId))!;
}

/**
 * Takes the team's row lock for the rest of the transaction (PostgreSQL: a row lock; SQLite:
 * the write lock), so seat counting and the insert that follows are one step for concurrent callers.
 */
export async function lockTeamIn(trx: Db, teamId: string): Promise<void> {
  await trx.updateTable('teams').set({ updated_at: nowIso() }).where('id', '=', teamId).execute();
}

export async function countMembers(db: Db, teamId: string): Promise<number> {
  const row = await db
    .selectFrom('team_members')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('team_id', '=', teamId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

const open = (now: string) => (q: ReturnType<typeof openQuery>) =>
  q.where('accepted_at', 'is', null).where('revoked_at', 'is', null).where('expires_at', '>', now);
const openQuery = (db: Db, teamId: string) =>
  db.selectFrom('team_invitations').where('team_id', '=', teamId);

export async function countOpenInvitations(db: Db, teamId: string, now: string): Promise<number> {
  const row = await open(now)(openQuery(db, teamId))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function listOpenInvitations(db: Db, teamId: string, now: string) {
  return open(now)(openQuery(db, teamId))
    .select(['id', 'email', 'created_at', 'expires_at'])
    .orderBy('created_at')
    .execute();
}

export async function findOpenInvitationFor(db: Db, teamId: string, email: string, now: string) {
  return open(now)(openQuery(db, teamId))
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
}

export async function insertInvitationIn(trx: Db, row: InvitationRow): Promise<void> {
  await trx.insertInto('team_invitations').values(row).execute();
}

export async function findInvitationByHash(
  db: Db,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return findRow(db, 'team_invitations', { token_hash: tokenHash });
}

/** Single winner: an invitation is accepted once, and only while open. */
export async function markAcceptedIn(trx: Db, id: string, now: string): Promise<boolean> {
  const res = await trx
    .updateTable('team_invitations')
    .set({ accepted_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function revokeInvitation(db: Db, teamId: string, id: string): Promise<boolean> {
  const open = { id, team_id: teamId, accepted_at: null, revoked_at: null };
  return (await updateRows(db, 'team_invitations', open, { revoked_at: nowIso() })) === 1;
}

export async function insertMemberIn(trx: Db, teamId: string, userId: string): Promise<void> {
  await trx
    .insertInto('team_members')
    .values({ team_id: teamId, user_id: userId, created_at: nowIso() })
    .execute();
}

export async function removeMember(db: Db, teamId: string, userId: string): Promise<boolean> {
  return (await deleteRows(db, 'team_members', { team_id: teamId, user_id: userId })) === 1;
}

/** Members with what each spent from the team's pool (completed and running conversions). */
export async function listMembers(db: Db, teamId: string, ownerId: string) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select((eb) => [
      'users.id as user_id',
      'users.name',
      'users.email',
      'team_members.created_at as joined_at',
      eb
        .selectFrom('conversions')
        .select((c) => c.fn.coalesce(c.fn.sum<number | string>('credits_units'), c.lit(0)).as('u'))
        .whereRef('conversions.user_id', '=', 'users.id')
        .where('conversions.charged_user_id', '=', ownerId)
        .where('conversions.status', '!=', 'failed')
        .as('units_used'),
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.created_at')
    .execute();
}
