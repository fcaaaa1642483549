import { CREDIT_UNITS, planOf, type Team, type TeamInvitation } from '@tracery/contracts';
import { hashToken, newLinkToken } from '../account/tokens.js';
import { markEmailVerifiedIn } from '../account/repository.js';
import { findUserById, normaliseEmail, type UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { isUniqueViolation } from '../db/transactions.js';
import { DomainError } from '../errors.js';
import { teamInvitationMessage } from '../mail/messages.js';
import { addMs, nowIso } from '../time.js';
import { randomUUID } from 'node:crypto';
import {
  countMembers,
  countOpenInvitations,
  ensureTeamIn,
  findInvitationByHash,
  findMembership,
  findOpenInvitationFor,
  findTeamByOwner,
  insertInvitationIn,
  insertMemberIn,
  listMembers,
  listOpenInvitations,
  lockTeamIn,
  markAcceptedIn,
  removeMember,
  revokeInvitation,
} from './repository.js';

export const INVITE_TTL_DAYS = 7;
const INVALID_INVITE = 'This invitation is invalid, has expired, was revoked or was already used';

/** A plan with more than one seat has a team (Business and Business annual: 3 seats). */
export const hasTeamSeats = (planId: string) => planOf(planId).seats > 1;

/** GET /team: the team the user owns or belongs to, or null. */
export async function teamOf(ctx: AppContext, user: UserRow): Promise<Team | null> {
  const now = nowIso();
  const owned = await findTeamByOwner(ctx.db, user.id);
  const membership = owned ? undefined : await findMembership(ctx.db, user.id);
  const teamId = owned?.id ?? membership?.team_id;
  if (!teamId) return null;
  const owner = owned ? user : await findUserById(ctx.db, membership!.owner_id);
  if (!owner) return null;
  const members = await listMembers(ctx.db, teamId, owner.id);
  const invitations = owned ? await listOpenInvitations(ctx.db, teamId, now) : [];
  const seats = planOf(owner.plan_id).seats;
  return {
    id: teamId,
    role: owned ? 'owner' : 'member',
    owner: { user_id: owner.id, name: owner.name, email: owner.email },
    plan_id: owner.plan_id,
    seats,
    seats_used:
      1 +
      members.length +
      (owned ? invitations.length : await countOpenInvitations(ctx.db, teamId, now)),
    credits_remaining: owner.credits_units / CREDIT_UNITS,
    members: members.map((m) => ({
      user_id: m.user_id,
      name: m.name,
      email: m.email,
      joined_at: m.joined_at,
      credits_used: Number(m.units_used ?? 0) / CREDIT_UNITS,
    })),
    invitations,
    active: hasTeamSeats(owner.plan_id),
  };
}

/**
 * POST /team/invitations: the owner of a Business plan, with a confirmed address, invites by
 * email. Every seat counts: the owner, members and open invitations; checked under the team's
 * lock so that concurrent invitations never exceed the plan's seats.
 */
export async function invite(
  ctx: AppContext,
  owner: UserRow,
  emailInput: string,
): Promise<TeamInvitation> {
  const plan = planOf(owner.plan_id);
  if (!hasTeamSeats(owner.plan_id))
    throw new DomainError(
      'PLAN_REQUIRED',
      'Teams are part of the Business plan: upgrade to invite members',
    );
  if (!owner.email_verified_at)
    throw new DomainError(
      'EMAIL_UNVERIFIED',
      'Confirm your email address before inviting team members (we can send the link again from your account page)',
    );
  if (await findMembership(ctx.db, owner.id))
    throw new DomainError(
      'CONFLICT',
      'You are a member of another team; leave it before inviting people to yours',
    );
  const email = normaliseEmail(emailInput);
  if (email === owner.email)
    throw new DomainError('VALIDATION_FAILED', 'email: you are already on your team');
  const now = nowIso();
  const token = newLinkToken();
  const row = {
    id: randomUUID(),
    team_id: '',
    email,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: addMs(now, INVITE_TTL_DAYS * 24 * 3600_000),
    accepted_at: null,
    revoked_at: null,
  };
  await ctx.db.transaction().execute(async (trx) => {
    const team = await ensureTeamIn(trx, owner.id);
    await lockTeamIn(trx, team.id);
    const members = await trx
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select('users.id')
      .where('team_members.team_id', '=', team.id)
      .where('users.email', '=', email)
      .executeTakeFirst();
    if (members) throw new DomainError('CONFLICT', `${email} is already on your team`);
    if (await findOpenInvitationFor(trx, team.id, email, now))
      throw new DomainError(
        'CONFLICT',
        `${email} has an open invitation already; revoke it to send a new one`,
      );
    const used =
      1 + (await countMembers(trx, team.id)) + (await countOpenInvitations(trx, team.id, now));
    if (used >= plan.seats)
      throw new DomainError(
        'SEATS_FULL',
        `All ${plan.seats} seats of your team are taken (you, members and open invitations). Remove a member or revoke an invitation first.`,
      );
    row.team_id = team.id;
    await insertInvitationIn(trx, row);
    await ctx.mail.queueIn(trx, {
      kind: 'team_invitation',
      to: email,
      content: teamInvitationMessage(
        owner.name,
        ctx.mail.link('/team/accept', { token }),
        INVITE_TTL_DAYS,
      ),
    });
  });
  return { id: row.id, email, created_at: row.created_at, expires_at: row.expires_at };
}

/**
 * POST /team/invitations/accept: signed in as the invitee (the account's email must be the
 * invited one). The link proves the address, so it becomes verified.
 */
export async function accept(ctx: AppContext, user: UserRow, token: string): Promise<void> {
  const invitation = await findInvitationByHash(ctx.db, hashToken(token));
  const now = nowIso();
  if (
    !invitation ||
    invitation.accepted_at ||
    invitation.revoked_at ||
    invitation.expires_at <= now
  )
    throw new DomainError('GONE', INVALID_INVITE);
  if (invitation.email !== user.email)
    throw new DomainError(
      'FORBIDDEN',
      `This invitation was sent to another email address; sign in with the invited address to accept it`,
    );
  const team = await ctx.db
    .selectFrom('teams')
    .innerJoin('users', 'users.id', 'teams.owner_id')
    .select(['teams.id', 'teams.owner_id', 'users.plan_id'])
    .where('teams.id', '=', invitation.team_id)
    .executeTakeFirst();
  if (!team) throw new DomainError('GONE', INVALID_INVITE);
  if (team.owner_id === user.id) throw new DomainError('CONFLICT', 'This is your own team');
  if (!hasTeamSeats(team.plan_id))
    throw new DomainError(
      'PLAN_REQUIRED',
      "The team's Business plan has ended; ask its owner to renew it",
    );
  const owned = await findTeamByOwner(ctx.db, user.id);
  if (owned && (await countMembers(ctx.db, owned.id)) > 0)
    throw new DomainError(
      'CONFLICT',
      'You own a team with members; remove them before joining another team',
    );
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockTeamIn(trx, team.id);
      if (1 + (await countMembers(trx, team.id)) >= planOf(team.plan_id).seats)
        throw new DomainError('SEATS_FULL', 'Every seat of this team is taken');
      if (!(await markAcceptedIn(trx, invitation.id, now)))
        throw new DomainError('GONE', INVALID_INVITE);
      await insertMemberIn(trx, team.id, user.id);
      await markEmailVerifiedIn(trx, user.id, user.email);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new DomainError('CONFLICT', 'You are already a member of a team; leave it first');
    throw error;
  }
}

/** DELETE /team/members/{id}: the owner removes a member, or a member leaves. */
export async function removeFromTeam(
  ctx: AppContext,
  user: UserRow,
  memberId: string,
): Promise<void> {
  const owned = await findTeamByOwner(ctx.db, user.id);
  if (owned && memberId !== user.id && (await removeMember(ctx.db, owned.id, memberId))) return;
  if (memberId === user.id) {
    const membership = await findMembership(ctx.db, user.id);
    if (membership && (await removeMember(ctx.db, membership.team_id, user.id))) return;
  }
  throw new DomainError('NOT_FOUND', 'No such member on your team');
}

/** DELETE /team/invitations/{id}: the owner revokes an open invitation; its seat is free again. */
export async function revoke(ctx: AppContext, owner: UserRow, id: string): Promise<void> {
  const team = await findTeamByOwner(ctx.db, owner.id);
  if (!team || !(await revokeInvitation(ctx.db, team.id, id)))
    throw new DomainError('NOT_FOUND', 'No such open invitation on your team');
}
