import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { setPlan } from '../src/account/set-plan.js';
import { deliveriesOf } from '../src/batches/webhook-repository.js';
import { deliverDue } from '../src/batches/webhooks.js';
import { isPublicAddress } from '../src/batches/webhook-address.js';
import { balanceUnits } from '../src/credits/ledger.js';
import { bearer, multipart, postJson, register } from './helpers/api.js';
import { drawing } from './helpers/images.js';
import { waitFor } from './helpers/wait.js';
import { useTestServer, type TestServer } from './helpers/server.js';
import http from 'node:http';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver in the test process: answers each request with the next scripted status. */
async function receiver(
  script: (path: string, n: number) => { status: number; location?: string },
) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      const answer = script(req.url ?? '', received.length);
      res.writeHead(answer.status, answer.location ? { location: answer.location } : {});
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    port,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** Runs `use` with a receiver, closed afterwards whatever happens. */
async function withReceiver(
  script: Parameters<typeof receiver>[0],
  use: (hook: Awaited<ReturnType<typeof receiver>>) => Promise<void>,
) {
  const hook = await receiver(script);
  try {
    await use(hook);
  } finally {
    await hook.close();
  }
}

async function developer(s: TestServer) {
  const account = await register(s.app);
  await setPlan(s.ctx.db, account.user.email, 'business');
  const res = await postJson(s.app, '/api/developer/keys', { name: 'ci' }, account.access_token);
  expect(res.statusCode, res.body).toBe(201);
  const { key, webhook_secret, id } = res.json();
  expect(webhook_secret).toMatch(/^whsec_/);
  return { ...account, key: key as string, secret: webhook_secret as string, keyId: id as string };
}

async function submitJob(
  app: FastifyInstance,
  key: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
  bytes?: Buffer,
) {
  const { payload, headers: h } = multipart(
    { output_format: 'svg', quality_tier: 'standard', ...fields },
    { name: 'logo.png', bytes: bytes ?? (await drawing()) },
  );
  return app.inject({
    method: 'POST',
    url: '/api/v1/jobs',
    payload,
    headers: { ...h, 'x-api-key': key, ...headers },
  });
}

const settledDelivery = (s: TestServer, jobId: string, attempts = 1) =>
  waitFor(async () => {
    const [row] = await deliveriesOf(s.ctx.db, jobId);
    return row && row.attempts >= attempts ? row : undefined;
  });

function verify(secret: string, header: string, body: string): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) return false;
  const mac = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return mac === match[2];
}

describe('async jobs and signed webhooks', () => {
  const open = useTestServer({ WEBHOOK_ALLOW_PRIVATE: '1' });
  const strict = useTestServer();

  it('answers 202 with a status URL, converts in the background and posts a signed job.completed', async () => {
    const dev = await developer(open);
    await withReceiver(
      () => ({ status: 200 }),
      async (hook) => {
        const res = await submitJob(open.app, dev.key, { webhook_url: hook.url() });
        expect(res.statusCode, res.body).toBe(202);
        const { job_id, status_url } = res.json();
        expect(status_url).toBe(`http://tracery.test/api/v1/jobs/${job_id}`);
        const delivery = await settledDelivery(open, job_id);
        expect(delivery.status).toBe('delivered');
        expect(hook.received).toHaveLength(1);
        const [call] = hook.received;
        expect(call.headers['content-type']).toBe('application/json');
        expect(verify(dev.secret, String(call.headers['tracery-signature']), call.body)).toBe(true);
        // A forged body does not verify against the same header.
        expect(
          verify(
            dev.secret,
            String(call.headers['tracery-signature']),
            call.body.replace('completed', 'failed'),
          ),
        ).toBe(false);
        expect(JSON.parse(call.body)).toEqual({
          type: 'job.completed',
          job_id,
          status: 'completed',
          result_url: `http://tracery.test/api/v1/jobs/${job_id}/result`,
        });
        const status = await open.app.inject({
          method: 'GET',
          url: `/api/v1/jobs/${job_id}`,
          headers: { 'x-api-key': dev.key },
        });
        expect(status.json()).toMatchObject({ job_id, status: 'completed' });
        const result = await open.app.inject({
          method: 'GET',
          url: `/api/v1/jobs/${job_id}/result`,
          headers: { 'x-api-key': dev.key },
        });
        expect(result.statusCode).toBe(200);
        expect(result.body).toContain('<svg');
        // Another account's key sees nothing of it.
        const other = await developer(open);
        const foreign = await open.app.inject({
          method: 'GET',
          url: `/api/v1/jobs/${job_id}/result`,
          headers: { 'x-api-key': other.key },
        });
        expect(foreign.statusCode).toBe(404);
      },
    );
  });

  it('queues job.failed with the refusal when the only image is refused on arrival', async () => {
    const dev = await developer(open);
    // A PNG signature with nothing after it: the job is created with its item refused.
    const broken = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const res = await submitJob(
      open.app,
      dev.key,
      { webhook_url: 'http://127.0.0.1:9/hook' },
      {},
      broken,
    );
    expect(res.statusCode, res.body).toBe(202);
    const { job_id } = res.json();
    // Written with the job (the outbox the delivery loop sends from, tested above and below).
    const [delivery] = await deliveriesOf(open.ctx.db, job_id);
    expect(JSON.parse(delivery.body)).toEqual({
      type: 'job.failed',
      job_id,
      status: 'failed',
      error: 'The file is not a supported image. Upload a PNG, JPEG, GIF or BMP image.',
    });
    // The job's status names the refusal with its error code, as a batch item does.
    const view = await open.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${job_id}`,
      headers: { 'x-api-key': dev.key },
    });
    expect(view.json()).toMatchObject({ job_id, status: 'failed' });
    expect(view.json().items).toEqual([
      expect.objectContaining({
        status: 'failed',
        credits_cost: 0,
        error_code: 'IMAGE_UNSUPPORTED',
      }),
    ]);
  });

  it('retries after a 500 with backoff, with a fresh valid signature', async () => {
    const dev = await developer(open);
    await withReceiver(
      (_path, n) => ({ status: n === 1 ? 500 : 204 }),
      async (hook) => {
        const { job_id } = (await submitJob(open.app, dev.key, { webhook_url: hook.url() })).json();
        const first = await settledDelivery(open, job_id);
        expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status: 500 });
        expect(
          Date.parse(first.next_attempt_at) - Date.parse(first.created_at),
        ).toBeGreaterThanOrEqual(10_000);
        // Not due yet: nothing is sent again now.
        await deliverDue(open.ctx);
        expect(hook.received).toHaveLength(1);
        await deliverDue(open.ctx, Date.parse(first.next_attempt_at) + 1);
        const second = await settledDelivery(open, job_id, 2);
        expect(second).toMatchObject({ status: 'delivered', attempts: 2, last_status: 204 });
        expect(hook.received).toHaveLength(2);
        expect(hook.received[1].body).toBe(hook.received[0].body);
        expect(
          verify(
            dev.secret,
            String(hook.received[1].headers['tracery-signature']),
            hook.received[1].body,
          ),
        ).toBe(true);
      },
    );
  });

  it('follows no redirect: a 302 is a failed attempt and the target never hears of it', async () => {
    const dev = await developer(open);
    await withReceiver(
      () => ({ status: 200 }),
      (target) =>
        withReceiver(
          () => ({ status: 302, location: target.url('/stolen') }),
          async (hook) => {
            const job = await submitJob(open.app, dev.key, { webhook_url: hook.url() });
            const delivery = await settledDelivery(open, job.json().job_id);
            expect(delivery).toMatchObject({ status: 'pending', last_status: 302 });
            expect(hook.received).toHaveLength(1);
            expect(target.received).toHaveLength(0);
          },
        ),
    );
  });

  it('never delivers to loopback without WEBHOOK_ALLOW_PRIVATE, by address or by a name that resolves there', async () => {
    const dev = await developer(strict);
    await withReceiver(
      () => ({ status: 200 }),
      async (hook) => {
        for (const url of [
          hook.url(),
          `http://localhost:${hook.port}/hook`,
          `http://[::ffff:127.0.0.1]:${hook.port}/`,
        ]) {
          const res = await submitJob(strict.app, dev.key, { webhook_url: url });
          expect(res.statusCode, res.body).toBe(202);
          const delivery = await settledDelivery(strict, res.json().job_id);
          expect(delivery.status, url).toBe('pending');
          expect(delivery.last_error, url).toMatch(/public address/);
        }
        expect(hook.received).toHaveLength(0);
      },
    );
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '169.254.169.254',
      '192.168.0.1',
      '172.20.0.1',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    for (const address of ['93.184.216.34', '2606:2800:220:1::1'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('returns the same job for the same Idempotency-Key and charges once', async () => {
    const dev = await developer(open);
    const before = await balanceUnits(open.ctx.db, dev.user.id);
    const headers = { 'idempotency-key': 'order-42' };
    const [a, b] = await Promise.all([
      submitJob(open.app, dev.key, {}, headers),
      submitJob(open.app, dev.key, {}, headers),
    ]);
    expect(a.statusCode, a.body).toBe(202);
    expect(b.statusCode, b.body).toBe(202);
    expect(b.json().job_id).toBe(a.json().job_id);
    const c = await submitJob(open.app, dev.key, {}, headers);
    expect(c.json().job_id).toBe(a.json().job_id);
    expect(before - (await balanceUnits(open.ctx.db, dev.user.id))).toBe(100);
  });

  it('refuses a webhook URL that is not http(s), and jobs without an API key', async () => {
    const dev = await developer(open);
    const bad = await submitJob(open.app, dev.key, { webhook_url: 'file:///etc/passwd' });
    expect(bad.statusCode).toBe(422);
    const { payload, headers } = multipart({}, { name: 'a.png', bytes: await drawing() });
    const session = await open.app.inject({
      method: 'POST',
      url: '/api/v1/jobs',
      payload,
      headers: { ...headers, ...bearer(dev.access_token) },
    });
    expect(session.statusCode).toBe(401);
  });
});
