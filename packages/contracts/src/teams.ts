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

export const Team = z.object({
  id: z.string(),
  role: z.enum(['owner', 'member']),
  owner: z.object({ user_id: z.string(), name: z.string(), email: z.string() }),
  plan_id: z.string(),
  seats: z.number(),
  seats_used: z.number(),
  credits_remaining: z.number(),
  members: z.array(TeamMember),
  invitations: z.array(TeamInvitation),
  active: z.boolean(),
});
export type Team = z.infer<typeof Team>;

/** GET /api/team and the accepted invitation: the account's team, or none. */
export const TeamAnswer = z.object({ team: Team.nullable() });
