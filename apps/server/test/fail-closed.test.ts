import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../src/config.js';
import { postJson, register, getJson, postForm } from './helpers/api.js';
import { insertLocalCheckout, ORIGIN } from './helpers/billing.js';
import { useTestServer } from './helpers/server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'tracery-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const config = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env });

describe('configuration fails closed', () => {
  it('refuses to start in production without payment keys unless test payments are allowed', () => {
    expect(() => config({ NODE_ENV: 'production', PUBLIC_URL: 'https://tracery.example' })).toThrow(
      /no payment provider keys in production/,
    );
    // PUBLIC_URL on https means production even without NODE_ENV.
    expect(() => config({ PUBLIC_URL: 'https://tracery.example' })).toThrow(/ALLOW_TEST_PAYMENTS/);
    expect(() => config({ NODE_ENV: 'production' })).toThrow(/PUBLIC_URL is required/);
    const allowed = config({ PUBLIC_URL: 'https://tracery.example', ALLOW_TEST_PAYMENTS: '1' });
    expect(allowed.billing.testPayments).toBe(true);
    const withKeys = config({ PUBLIC_URL: 'https://tracery.example', STRIPE_SECRET_KEY: 'sk_x' });
    expect(withKeys.billing.testPayments).toBe(false);
    expect(config({}).billing.testPayments).toBe(true);
  });

  it('warms trace threads up unless TRACE_WARM_UP=0, and takes nothing else for it', () => {
    expect(config({}).traceWarmUp).toBe(true);
    expect(config({ TRACE_WARM_UP: '0' }).traceWarmUp).toBe(false);
    expect(() => config({ TRACE_WARM_UP: 'no' })).toThrow(/TRACE_WARM_UP/);
  });

  it('takes PUBLIC_URL, else the listen address', () => {
    expect(config({ PORT: '4321' }).publicUrl).toBe('http://localhost:4321');
    expect(config({ PORT: '4321', HOST: '127.0.0.1' }).publicUrl).toBe('http://127.0.0.1:4321');
    expect(
      config({ PUBLIC_URL: 'https://tracery.example/', STRIPE_SECRET_KEY: 'k' }).publicUrl,
    ).toBe('https://tracery.example');
    expect(() => config({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
  });

  it('accepts TRUST_PROXY as a hop count or proxy addresses/CIDRs only', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('10.0.0.0/8, 192.168.1.7,::1')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1',
    ]);
    for (const bad of ['true', 'all', '10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', '99'])
      expect(() => parseTrustProxy(bad), bad).toThrow(/TRUST_PROXY/);
    expect(() => config({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
  });
});

describe('absolute URLs come from PUBLIC_URL, never from the request', () => {
  const s = useTestServer();

  it('rejects return URLs off PUBLIC_URL even when Origin, Host and X-Forwarded-Host agree with them', async () => {
    const { access_token } = await register(s.app);
    const evil = 'https://evil.example';
    const attack = await s.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout',
      headers: {
        authorization: `Bearer ${access_token}`,
        host: 'evil.example',
        origin: evil,
        'x-forwarded-host': 'evil.example',
      },
      payload: {
        plan_id: 'basic',
        success_url: `${evil}/payment/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${evil}/pricing`,
      },
    });
    expect(attack.statusCode).toBe(422);
    expect(attack.json()).toMatchObject({ detail: 'success_url must be an address on this site' });
    for (const sneaky of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)'])
      expect(
        (
          await postJson(
            s.app,
            '/api/payment/create-checkout',
            { plan_id: 'basic', success_url: sneaky, cancel_url: '/pricing' },
            access_token,
          )
        ).statusCode,
        sneaky,
      ).toBe(422);
    expect(await s.ctx.db.selectFrom('checkout_sessions').selectAll().execute()).toHaveLength(0);

    // A path is put on PUBLIC_URL; the checkout page's own address is on it too, whatever Host says.
    const ok = await s.app.inject({
      method: 'POST',
      url: '/api/payment/create-checkout',
      headers: { authorization: `Bearer ${access_token}`, host: 'evil.example', origin: evil },
      payload: { plan_id: 'basic', success_url: '/payment/success', cancel_url: '/pricing' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().checkout_url.startsWith(`${ORIGIN}/api/payment/local/checkout/`)).toBe(true);
    const row = await s.ctx.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.success_url).toBe(`${ORIGIN}/payment/success`);
  });

  it('sends the security headers on the app, the API and errors', async () => {
    for (const url of ['/', '/convert', '/api/system/health', '/api/nope']) {
      const res = await s.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).not.toContain("'unsafe-eval'");
      expect(csp, url).toMatch(/script-src 'self' https:\/\/accounts\.google\.com/);
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['permissions-policy'], url).toContain('camera=(self), microphone=()');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      // Over plain http (this server's PUBLIC_URL) no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('in production', () => {
  // Stripe configured, PayPal not: the local provider must not stand in for PayPal.
  const s = useTestServer({
    PUBLIC_URL: 'https://tracery.example',
    STRIPE_SECRET_KEY: 'sk_test_unused',
  });

  it('never lets anyone approve a payment with the local test provider', async () => {
    const { access_token, user } = await register(s.app);
    const config = (await s.app.inject({ method: 'GET', url: '/api/payment/config' })).json();
    expect(config.test_mode).toBe(false);
    const order = await postJson(
      s.app,
      '/api/payment/paypal/create-order',
      { plan_id: 'business', return_url: '/payment/success', cancel_url: '/pricing' },
      access_token,
    );
    expect(order.statusCode).toBe(503);
    // A local row (left from a development run, say) cannot be approved either.
    await insertLocalCheckout(s.ctx.db, { id: 'LOCALORDER_old', flow: 'order', userId: user.id });
    const approve = await postForm(s.app, '/api/payment/local/checkout/LOCALORDER_old/approve');
    expect(approve.statusCode).toBe(404);
    const capture = await postJson(
      s.app,
      '/api/payment/paypal/capture',
      { order_id: 'LOCALORDER_old', plan_id: 'business' },
      access_token,
    );
    expect(capture.statusCode, capture.body).toBe(503);
    expect(capture.json().code).toBe('PAYMENT_NOT_CONFIGURED');
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().plan_id).toBe('free');
    const html = await s.app.inject({ method: 'GET', url: '/' });
    expect(html.headers['strict-transport-security']).toContain('max-age=');
  });
});
