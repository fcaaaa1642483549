import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { setRole } from '../src/account/set-role.js';
import { renderEmail } from '../src/mail/layout.js';
import { claimDue } from '../src/mail/repository.js';
import { LEASE_MS, MailSender } from '../src/mail/sender.js';
import { smtpTransport } from '../src/mail/transport.js';
import { nowIso } from '../src/time.js';
import { register, getJson } from './helpers/api.js';
import { startTestServer, useTestServer } from './helpers/server.js';
import { useSmtp } from './helpers/smtp.js';

const smtp = useSmtp();
const s = useTestServer(() => ({
  ...smtp.env,
  PUBLIC_URL: 'https://tracery.example',
  ALLOW_TEST_PAYMENTS: '1',
}));

let n = 0;
async function queueOne(kind = 'test') {
  const to = `mail${++n}-${Date.now()}@example.com`;
  await s.ctx.mail.queue({
    kind,
    to,
    content: {
      subject: `Message ${n}`,
      heading: 'Hello',
      paragraphs: ['Body <b>text</b> & more'],
      action: { label: 'Open', url: s.ctx.mail.link('/reset-password', { token: 'secret-token' }) },
    },
  });
  return to;
}

const row = (to: string) =>
  s.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .executeTakeFirstOrThrow();
const received = (to: string) =>
  smtp.messages.filter((m) => JSON.stringify(m.to).includes(to)).length;
const secondProcess = () =>
  new MailSender(s.ctx.db, smtpTransport(smtp.env.SMTP_URL, smtp.env.MAIL_FROM));

describe('mail layout', () => {
  it('renders HTML and plain text with the product name and an absolute, escaped link', () => {
    const mail = renderEmail(
      {
        subject: 'Reset',
        heading: 'Reset <your> password',
        paragraphs: ['a & b'],
        action: { label: 'Choose a new password', url: 'https://t.example/reset?token=a&b=1' },
        details: [['Amount', '$9.00']],
      },
      'https://t.example',
    );
    expect(mail.text).toContain('Choose a new password: https://t.example/reset?token=a&b=1');
    expect(mail.text).toContain('Amount: $9.00');
    expect(mail.text).toContain('Tracery');
    expect(mail.html).toContain('Reset &#60;your&#62; password');
    expect(mail.html).toContain('href="https://t.example/reset?token=a&#38;b=1"');
    expect(mail.html).not.toContain('<your>');
  });
});

describe('durable outbox over SMTP', () => {
  it('delivers a queued message once, as HTML and text, then drops its body', async () => {
    const to = await queueOne();
    expect((await row(to)).status).toBe('pending');
    await s.ctx.mail.sender.deliverDue();
    const mail = await smtp.waitFor(to);
    expect(mail.subject).toMatch(/^Message/);
    expect(mail.text).toContain('https://tracery.example/reset-password?token=secret-token');
    expect(mail.html).toContain('Body &#60;b&#62;text&#60;/b&#62; &#38; more');
    expect(mail.from?.text).toContain('no-reply@tracery.test');
    const after = await row(to);
    expect(after).toMatchObject({ status: 'sent', attempts: 1, text_body: '', html_body: '' });
    expect(mail.messageId).toBe(`<${after.id}@tracery.test>`);
    await s.ctx.mail.sender.deliverDue(Date.now() + 3600_000);
    expect(received(to)).toBe(1);
  });

  it('retries within 30 s after the server refuses twice, then backs off and delivers', async () => {
    const to = await queueOne();
    smtp.refuseNext(2);
    const t0 = Date.now();
    expect(await s.ctx.mail.sender.deliverDue(t0)).toEqual({ sent: 0, failed: 1 });
    const first = await row(to);
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first.last_error).toMatch(/451/);
    const wait1 = Date.parse(first.next_attempt_at) - t0;
    expect(wait1).toBeGreaterThan(0);
    expect(wait1).toBeLessThanOrEqual(30_000);
    // Not before its time.
    expect(await s.ctx.mail.sender.deliverDue(t0 + wait1 - 1000)).toEqual({ sent: 0, failed: 0 });
    const t1 = t0 + wait1;
    expect(await s.ctx.mail.sender.deliverDue(t1)).toEqual({ sent: 0, failed: 1 });
    const second = await row(to);
    expect(second.attempts).toBe(2);
    expect(Date.parse(second.next_attempt_at) - t1).toBeGreaterThan(wait1);
    expect(await s.ctx.mail.sender.deliverDue(Date.parse(second.next_attempt_at))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(await row(to)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(received(to)).toBe(1);
  });

  it('never sends twice: a restart mid-send leaves the row to the process that holds it', async () => {
    const to = await queueOne();
    const release = smtp.hold();
    const a = secondProcess();
    const inFlight = a.deliverDue();
    await expect.poll(async () => (await row(to)).status).toBe('sending');
    // The restarted process (or any other) finds nothing to do while the lease stands.
    const b = secondProcess();
    expect(await b.deliverDue()).toEqual({ sent: 0, failed: 0 });
    expect(await b.deliverDue(Date.now() + 60_000)).toEqual({ sent: 0, failed: 0 });
    // Shutting the first process down waits for its send to be recorded.
    const stopping = a.stop();
    release();
    await stopping;
    expect(await inFlight).toEqual({ sent: 1, failed: 0 });
    expect(await b.deliverDue(Date.now() + LEASE_MS * 2)).toEqual({ sent: 0, failed: 0 });
    expect(received(to)).toBe(1);
    expect((await row(to)).attempts).toBe(1);
  });

  it('a sender that died mid-send: the row is taken up once its lease runs out, and sent once', async () => {
    const to = await queueOne();
    const now = Date.now();
    // A process claims every due row and dies before sending.
    const claimed = await claimDue(s.ctx.db, nowIso(now), LEASE_MS, 100);
    expect(claimed.map((r) => r.to_address)).toContain(to);
    const b = secondProcess();
    expect(await b.deliverDue(now + 1000)).toEqual({ sent: 0, failed: 0 });
    expect((await b.deliverDue(now + LEASE_MS + 1000)).sent).toBe(claimed.length);
    expect(await b.deliverDue(now + LEASE_MS * 3)).toEqual({ sent: 0, failed: 0 });
    expect(received(to)).toBe(1);
    expect(await row(to)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('two senders in parallel deliver each of many messages exactly once', async () => {
    const tos = [];
    for (let i = 0; i < 12; i++) tos.push(await queueOne());
    const [x, y] = await Promise.all([secondProcess().deliverDue(), secondProcess().deliverDue()]);
    expect(x.sent + y.sent).toBe(12);
    for (const to of tos) expect(received(to)).toBe(1);
  });

  it('gives up after its last retry and shows the error to the admin, never a body', async () => {
    const to = await queueOne();
    smtp.refuseNext(100);
    let at = Date.now();
    for (let i = 0; i < 10; i++) {
      await s.ctx.mail.sender.deliverDue(at);
      at += 24 * 3600_000;
    }
    smtp.refuseNext(0);
    expect(await row(to)).toMatchObject({ status: 'failed', attempts: 7 });

    const user = await register(s.app);
    const list = (token: string, q = '') => getJson(s.app, `/api/admin/mail${q}`, token);
    expect((await list(user.access_token)).statusCode).toBe(403);
    expect((await s.app.inject({ method: 'GET', url: '/api/admin/mail' })).statusCode).toBe(401);
    await setRole(s.ctx.db, user.user.email, 'admin');
    const res = await list(user.access_token, '?status=failed');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.delivery).toMatch(/^SMTP via 127\.0\.0\.1/);
    expect(body.items[0]).toMatchObject({ to_address: to, status: 'failed', attempts: 7 });
    expect(body.items[0].last_error).toMatch(/451/);
    expect(res.body).not.toContain('secret-token');
    expect((await list(user.access_token, '?limit=0')).statusCode).toBe(422);
  });
});

describe('embedded default without SMTP', () => {
  it('writes each message as an .eml file in DATA_DIR/mail', async () => {
    const local = await startTestServer();
    try {
      await local.ctx.mail.queue({
        kind: 'test',
        to: 'someone@example.com',
        content: { subject: 'On disk', heading: 'Hi', paragraphs: ['Stored as a file'] },
      });
      expect(local.ctx.mail.transport.description).toContain(join(local.dataDir, 'mail'));
      expect(await local.ctx.mail.sender.deliverDue()).toEqual({ sent: 1, failed: 0 });
      const dir = join(local.dataDir, 'mail');
      const files = readdirSync(dir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const mail = await simpleParser(readFileSync(join(dir, files[0])));
      expect(mail.subject).toBe('On disk');
      expect(mail.text).toContain('Stored as a file');
      expect(mail.html).toContain('Stored as a file');
    } finally {
      await local.close();
    }
  });
});
