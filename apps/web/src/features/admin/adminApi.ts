import { AdminStats, AdminUserList, OutboxPage, User, type PlanId } from '@tracery/contracts';
import { api } from '../../lib/api';

export const fetchStats = () => api('/admin/stats', { auth: true, schema: AdminStats });

export const searchUsers = (q: string) =>
  api(`/admin/users?${new URLSearchParams({ q, limit: '25' })}`, {
    auth: true,
    schema: AdminUserList,
  });

export const setUserPlan = (id: string, planId: PlanId) =>
  api(`/admin/users/${encodeURIComponent(id)}/plan`, {
    auth: true,
    body: { plan_id: planId },
    schema: User,
  });

/** The key makes a double submit grant once. */
export const grantCredits = (id: string, credits: number, reason: string) =>
  api(`/admin/users/${encodeURIComponent(id)}/credits`, {
    auth: true,
    body: { credits, reason, idempotency_key: crypto.randomUUID() },
    schema: User,
  });

export const fetchOutbox = (status: string) =>
  api(`/admin/mail?${new URLSearchParams({ limit: '50', ...(status ? { status } : {}) })}`, {
    auth: true,
    schema: OutboxPage,
  });
