import { describe, expect, it } from 'vitest';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

// The API surface, pinned: a route added, renamed or dropped changes this list on purpose.
const OPERATIONS = [
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/google',
  'POST /api/auth/google/link',
  'GET /api/auth/config',
  'GET /api/auth/me',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'POST /api/auth/password',
  'POST /api/auth/verify-email',
  'POST /api/auth/verify-email/resend',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'DELETE /api/account/',
  'GET /api/account/trace-defaults/',
  'PUT /api/account/trace-defaults/',
  'GET /api/team/',
  'POST /api/team/invitations',
  'POST /api/team/invitations/accept',
  'DELETE /api/team/invitations/{id}',
  'DELETE /api/team/members/{user_id}',
  'POST /api/convert/upload',
  'GET /api/convert/history',
  'GET /api/convert/{id}',
  'GET /api/convert/{id}/download',
  'POST /api/v1/convert/upload',
  'GET /api/v1/convert/history',
  'GET /api/v1/convert/{id}',
  'GET /api/v1/convert/{id}/download',
  'POST /api/batch/',
  'GET /api/batch/',
  'GET /api/batch/{id}',
  'GET /api/batch/{id}/events',
  'POST /api/batch/{id}/cancel',
  'POST /api/batch/{id}/items/{itemId}/retry',
  'GET /api/batch/{id}/items/{itemId}/download',
  'GET /api/batch/{id}/zip',
  'POST /api/v1/jobs/',
  'GET /api/v1/jobs/{id}',
  'GET /api/v1/jobs/{id}/result',
  'GET /api/developer/keys',
  'POST /api/developer/keys',
  'POST /api/developer/keys/{id}/webhook-secret',
  'DELETE /api/developer/keys/{id}',
  'GET /api/admin/stats',
  'GET /api/admin/users',
  'POST /api/admin/users/{id}/plan',
  'POST /api/admin/users/{id}/credits',
  'GET /api/admin/mail/',
  'GET /api/admin/chat/',
  'GET /api/payment/config',
  'GET /api/payment/subscription',
  'POST /api/payment/create-checkout',
  'POST /api/payment/create-guest-checkout',
  'POST /api/payment/handle-success',
  'POST /api/payment/paypal/create-order',
  'POST /api/payment/paypal/capture',
  'POST /api/payment/cancel',
  'POST /api/payment/guest/collect-email',
  'POST /api/payment/guest/verify',
  'POST /api/payment/guest/complete',
  'POST /api/payment/guest/claim/preview',
  'POST /api/payment/guest/claim',
  'POST /api/payment/webhook/stripe',
  'POST /api/payment/webhook/paypal',
  'GET /api/payment/local/checkout/{id}',
  'POST /api/payment/local/checkout/{id}/approve',
  'POST /api/payment/local/checkout/{id}/cancel',
  'GET /api/analytics/usage',
  'GET /api/analytics/credit-optimization',
  'POST /api/chat/start',
  'POST /api/chat/message',
  'POST /api/chat/handoff',
  'GET /api/system/ads',
  'GET /api/system/live',
  'GET /api/system/ready',
  'GET /api/system/health',
  'GET /api/cloud/connections',
  'POST /api/cloud/connections/{provider}/authorize',
  'GET /api/cloud/{provider}/callback',
  'PATCH /api/cloud/connections/{provider}',
  'DELETE /api/cloud/connections/{provider}',
  'POST /api/cloud/saves',
  'GET /api/cloud/saves',
  'GET /api/cloud/saves/{id}',
];

// Health probes answer 503 with their status report (what is down), which monitors read.
const PROBES = new Set(['GET /api/system/ready', 'GET /api/system/health']);

interface Operation {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
}

async function operations(): Promise<Map<string, Operation>> {
  const res = await s.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(res.statusCode).toBe(200);
  const paths = res.json().paths as Record<string, Record<string, Operation>>;
  const ops = new Map<string, Operation>();
  for (const [path, item] of Object.entries(paths))
    for (const [method, op] of Object.entries(item)) ops.set(`${method.toUpperCase()} ${path}`, op);
  return ops;
}

describe('the OpenAPI document (/api/docs/json)', () => {
  it('lists exactly the API operations the server serves', async () => {
    expect([...(await operations()).keys()].sort()).toEqual([...OPERATIONS].sort());
  });

  it('gives every operation a summary and a tag, and every error answer the {detail, code} body', async () => {
    for (const [name, op] of await operations()) {
      expect(op.summary, name).toMatch(/\S/);
      expect(op.tags, name).toHaveLength(1);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (Number(status) < 400 || PROBES.has(name)) continue;
        const props = answer.content?.['application/json']?.schema.properties;
        expect(Object.keys(props ?? {}).sort(), `${name} ${status}`).toEqual(['code', 'detail']);
      }
    }
  });

  it('documents 401 on every operation that asks for credentials', async () => {
    for (const [name, op] of await operations())
      if (op.security?.length) expect(Object.keys(op.responses), name).toContain('401');
  });
});
