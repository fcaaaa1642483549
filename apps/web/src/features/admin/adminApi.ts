import type { PlanId, User } from '@tracery/contracts';
import { api } from '../../lib/api';

export interface AdminStats {
  users_by_plan: Record<string, number>;
  conversions_by_status: Record<string, { total: number; last_day: number; last_week: number }>;
  credits_spent_last_week: number;
}

export const fetchStats = () => api<AdminStats>('/admin/stats', { auth: true });

export const searchUsers = (q: string) =>
  api<{ users: User[] }>(`/admin/users?${new URLSearchParams({ q, limit: '25' })}`, {
    auth: true,
  });

export const setUserPlan = (id: string, planId: PlanId) =>
  api<User>(`/admin/users/${encodeURIComponent(id)}/plan`, {
    auth: true,
    body: { plan_id: planId },
  });

/** The key makes a double submit grant once. */
export const grantCredits = (id: string, credits: number, reason: string) =>
  api<User>(`/admin/users/${encodeURIComponent(id)}/credits`, {
    auth: true,
    body: { credits, reason, idempotency_key: crypto.randomUUID() },
  });

export interface OutboxItem {
  id: string;
  kind: string;
  to_address: string;
  subject: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string;
}

export const fetchOutbox = (status: string) =>
  api<{ delivery: string; items: OutboxItem[]; total: number }>(
    `/admin/mail?${new URLSearchParams({ limit: '50', ...(status ? { status } : {}) })}`,
    { auth: true },
  );
