import { z } from 'zod';
import { User } from './api.js';

/** GET /api/admin/stats */
export const AdminStats = z.object({
  users_by_plan: z.record(z.string(), z.number()),
  conversions_by_status: z.record(
    z.string(),
    z.object({ total: z.number(), last_day: z.number(), last_week: z.number() }),
  ),
  credits_spent_last_week: z.number(),
});
export type AdminStats = z.infer<typeof AdminStats>;

/** GET /api/admin/users */
export const AdminUserList = z.object({ users: z.array(User) });

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;

export const OutboxItem = z.object({
  id: z.string(),
  kind: z.string(),
  to_address: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

/** GET /api/admin/mail: a page of the outbox and how mail leaves this server. */
export const OutboxPage = z.object({
  delivery: z.string(),
  items: z.array(OutboxItem),
  total: z.number(),
});

/** GET /api/admin/chat: recent conversations and what the assistant could not answer. */
export const ChatOverview = z.object({
  recent: z.array(
    z.object({
      session_id: z.string(),
      account_email: z.string().nullable(),
      created_at: z.string(),
      last_active_at: z.string(),
      messages: z.number(),
      first_question: z.string().nullable(),
    }),
  ),
  unanswered: z.array(
    z.object({ question: z.string(), count: z.number(), last_asked_at: z.string() }),
  ),
});
export type ChatOverview = z.infer<typeof ChatOverview>;
