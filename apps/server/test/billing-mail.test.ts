import { CREDIT_UNITS } from '@tracery/contracts';
import { describe, expect, it } from 'vitest';
import { sweepSubscriptions } from '../src/billing/sweep.js';
import { applyCredit, balanceUnits } from '../src/credits/ledger.js';
import { postJson, register, upload } from './helpers/api.js';
import { buyPlan } from './helpers/accounts.js';
import { drawing } from './helpers/images.js';
import { useMailingServer } from './helpers/smtp.js';

const { smtp, s } = useMailingServer();

const sentTo = (to: string, subject: RegExp) =>
  smtp.messages.filter((m) => JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''));
const outboxRows = (to: string, kind: string) =>
  s.ctx.db
    .selectFrom('mail_outbox')
    .select('id')
    .where('to_address', '=', to)
    .where('kind', '=', kind)
    .execute();

describe('receipts and subscription notices', () => {
  it('a local-provider purchase sends one receipt with the plan, amount, period and reference', async () => {
    const user = await register(s.app);
    const sessionId = await buyPlan(s.app, user.access_token, 'professional');
    // Reloads of the success page change nothing and send nothing more.
    for (let i = 0; i < 3; i++)
      await postJson(
        s.app,
        '/api/payment/handle-success',
        { session_id: sessionId },
        user.access_token,
      );
    const mail = await smtp.waitFor(user.user.email, /receipt/);
    expect(mail.subject).toBe('Your Tracery receipt: Pro plan, $15.00 USD');
    expect(mail.text).toContain('Plan: Pro');
    expect(mail.text).toContain('Amount: $15.00 USD');
    expect(mail.text).toContain(`Reference: ${sessionId}`);
    expect(mail.text).toMatch(/Period: \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d/);
    expect(mail.text).toContain('Test mode (no real money)');
    expect(mail.html).toContain('$15.00 USD');
    expect(await outboxRows(user.user.email, 'receipt')).toHaveLength(1);
  });

  it('an annual plan shows its yearly price; cancel and the end of the plan are announced once', async () => {
    const user = await register(s.app);
    await buyPlan(s.app, user.access_token, 'basic_annual');
    const receipt = await smtp.waitFor(user.user.email, /receipt/);
    expect(receipt.subject).toBe('Your Tracery receipt: Basic plan, $70.00 USD');

    for (let i = 0; i < 2; i++)
      expect((await postJson(s.app, '/api/payment/cancel', {}, user.access_token)).statusCode).toBe(
        200,
      );
    const cancelled = await smtp.waitFor(user.user.email, /will not renew/);
    expect(cancelled.text).toContain('stays active until');

    const end = Date.now() + 400 * 24 * 3600_000;
    await sweepSubscriptions(s.ctx, end);
    await sweepSubscriptions(s.ctx, end + 1000);
    const ended = await smtp.waitFor(user.user.email, /has ended/);
    expect(ended.text).toContain('Free plan');
    expect(await outboxRows(user.user.email, 'subscription_cancelled')).toHaveLength(1);
    expect(await outboxRows(user.user.email, 'subscription_expired')).toHaveLength(1);
  });

  it('a local renewal sends a renewal receipt, once per period', async () => {
    const user = await register(s.app);
    await buyPlan(s.app, user.access_token, 'basic');
    await smtp.waitFor(user.user.email, /receipt/);
    const later = Date.now() + 32 * 24 * 3600_000;
    await sweepSubscriptions(s.ctx, later);
    await sweepSubscriptions(s.ctx, later + 1000);
    await expect.poll(() => sentTo(user.user.email, /receipt/).length).toBe(2);
    const renewal = sentTo(user.user.email, /receipt/)[1];
    expect(renewal.text).toContain('Your plan was renewed');
    expect(renewal.text).toContain('Amount: $7.00 USD');
    expect(await outboxRows(user.user.email, 'receipt')).toHaveLength(2);
  });
});

describe('low credits', () => {
  it('tells the owner once per period when the balance drops to 5 or below', async () => {
    const user = await register(s.app);
    const balance = await balanceUnits(s.ctx.db, user.user.id);
    await applyCredit(
      s.ctx.db,
      user.user.id,
      -(balance - 7 * CREDIT_UNITS),
      `test:drain:${user.user.id}`,
      'test',
    );
    const png = await drawing('png', 48);
    const convert = () => upload(s.app, user.access_token, { name: 'a.png', bytes: png });
    expect((await convert()).statusCode).toBe(200); // 6 left: no notice
    expect(await outboxRows(user.user.email, 'low_credits')).toHaveLength(0);
    expect((await convert()).json().credits_remaining).toBe(5);
    const mail = await smtp.waitFor(user.user.email, /left on Tracery/);
    expect(mail.subject).toBe('You have 5 credits left on Tracery');
    expect((await convert()).statusCode).toBe(200);
    expect((await convert()).statusCode).toBe(200);
    expect(await outboxRows(user.user.email, 'low_credits')).toHaveLength(1);
  });
});
