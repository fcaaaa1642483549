import { describe, expect, it } from 'vitest';
import { postJson, postForm } from './helpers/api.js';
import { linkIn, useMailingServer } from './helpers/smtp.js';

const SITE = 'https://tracery.example';
const { smtp, s } = useMailingServer({ PUBLIC_URL: SITE, ALLOW_TEST_PAYMENTS: '1' });

const post = (url: string, payload: unknown, token?: string) =>
  postJson(s.app, url, payload, token);
const form = (url: string, fields: Record<string, string>) => postForm(s.app, url, fields);

describe('guest checkout links arrive by email', () => {
  it('"email me a link" sends a single-use link that sets the account up', async () => {
    const res = await post('/api/payment/create-guest-checkout', {
      plan_id: 'basic',
      success_url: `${SITE}/payment/collect-email?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${SITE}/pricing`,
    });
    const { checkout_url, session_id } = res.json();
    const email = `guest-${Date.now()}@example.com`;
    await form(`${new URL(checkout_url).pathname}/approve`, { email });
    const collected = await post('/api/payment/guest/collect-email', {
      session_id,
      name: 'Guest Buyer',
      email,
    });
    expect(collected.json()).toMatchObject({ sent: true });
    const mail = await smtp.waitFor(email, /Finish creating your Tracery account/);
    const link = linkIn(mail, '/verify-payment-email');
    expect(link.origin).toBe(SITE);
    expect(mail.html).toContain(link.searchParams.get('token'));
    const created = await post('/api/payment/guest/verify', {
      token: link.searchParams.get('token'),
      password: 'guest long password',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user).toMatchObject({ email, plan_id: 'basic' });
  });
});
