import { z } from 'zod';

export const TeamInvitation = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof TeamInvitation>;

export const TeamMember = z.object({
  user_id: z.string(),
  name: z.string(),
  email: z.string(),
  joined_at: z.string(),
  credits_used: z.number(),
});
export type TeamMember = z.infer<typeof TeamMember>;

/** What GET /api/team answers: the team the user owns or belongs to. */
export const Team = z.object({
  id: z.string(),
  role: z.enum(['owner', 'member']),
  owner: z.object({ user_id: z.string(), name: z.string(), email: z.string() }),
  plan_id: z.string(),
  seats: z.number(),
  seats_used: z.number(),
  // The shared pool: the owner's balance.
  credits_remaining: z.number(),
  members: z.array(TeamMember),
  // Open invitations (the owner only).
  invitations: z.array(TeamInvitation),
  // The owner's plan lapsed below Business: members convert with their own credits meanwhile.
  active: z.boolean(),
});
export type Team = z.infer<typeof Team>;

/** GET /api/team and the accepted invitation: the account's team, or none. */
export const TeamAnswer = z.object({ team: Team.nullable() });
