import { describe, expect, it } from 'vitest';
import { findUserById } from '../src/auth/users.js';
import { vectorKeyOf } from '../src/conversions/results.js';
import { ledgerSum } from '../src/credits/ledger.js';
import { bearer, postJson, register, upload, getJson } from './helpers/api.js';
import { buyPlan, verifiedUser } from './helpers/accounts.js';
import { drawing } from './helpers/images.js';
import { useMailingServer } from './helpers/smtp.js';
import { countWhere } from './helpers/rows.js';

const { smtp, s } = useMailingServer();

const deleteAccount = (token: string, payload: object) =>
  s.app.inject({ method: 'DELETE', url: '/api/account', payload, headers: bearer(token) });

describe('delete my account', () => {
  it('needs the password; a wrong one changes nothing', async () => {
    const user = await register(s.app);
    const res = await deleteAccount(user.access_token, { password: 'not the password' });
    expect(res.statusCode).toBe(403);
    expect((await getJson(s.app, '/api/auth/me', user.access_token)).statusCode).toBe(200);
    expect((await deleteAccount(user.access_token, {})).statusCode).toBe(403);
  });

  it('removes files and personal data, keeps the ledger sum, and frees the email for a fresh account', async () => {
    const user = await verifiedUser(s.app, smtp);
    await buyPlan(s.app, user.access_token, 'business');
    const png = await drawing('png', 48);
    const converted = await upload(s.app, user.access_token, { name: 'mine.png', bytes: png });
    expect(converted.statusCode).toBe(200);
    const { storage_key } = await s.ctx.db
      .selectFrom('conversions')
      .select('storage_key')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(await s.ctx.files.get(storage_key!)).not.toBeNull();
    const invited = await postJson(
      s.app,
      '/api/team/invitations',
      { email: `teammate-${Date.now()}@example.com` },
      user.access_token,
    );
    expect(invited.statusCode).toBe(201);
    const sum = await ledgerSum(s.ctx.db, user.user.id);

    const res = await deleteAccount(user.access_token, { password: user.password });
    expect(res.statusCode).toBe(204);

    // Files gone from the store.
    expect(await s.ctx.files.get(storage_key!)).toBeNull();
    expect(await s.ctx.files.get(vectorKeyOf(storage_key!))).toBeNull();
    // Personal fields gone.
    const row = await findUserById(s.ctx.db, user.user.id);
    expect(row).toMatchObject({
      name: 'Deleted account',
      password_hash: null,
      google_sub: null,
      avatar_url: null,
      plan_id: 'free',
    });
    expect(row!.email).not.toContain(user.user.email);
    expect(Date.now() - Date.parse(row!.deleted_at!)).toBeLessThan(60_000);
    expect(await countWhere(s.ctx.db, 'mail_outbox', 'to_address', user.user.email)).toBe(0);
    expect(await countWhere(s.ctx.db, 'conversions', 'user_id', user.user.id)).toBe(0);
    const checkout = await s.ctx.db
      .selectFrom('checkout_sessions')
      .select('payer_email')
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(checkout.payer_email).toBeNull();
    const sub = await s.ctx.db
      .selectFrom('subscriptions')
      .select(['status', 'cancel_at_period_end'])
      .where('user_id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(sub).toEqual({ status: 'expired', cancel_at_period_end: 1 });
    // The ledger sum is unchanged.
    expect(await ledgerSum(s.ctx.db, user.user.id)).toBe(sum);
    // The session, the password and the team are gone.
    expect((await getJson(s.app, '/api/auth/me', user.access_token)).statusCode).toBe(401);
    const login = await postJson(s.app, '/api/auth/login', {
      email: user.user.email,
      password: user.password,
    });
    expect(login.statusCode).toBe(401);
    expect(await countWhere(s.ctx.db, 'teams', 'owner_id', user.user.id)).toBe(0);

    // A new account with the same email starts fresh.
    const again = await register(s.app, {
      email: user.user.email,
      password: 'another long password',
    });
    expect(again.user.id).not.toBe(user.user.id);
    expect(again.user).toMatchObject({
      plan_id: 'free',
      credits_remaining: 25,
      email_verified: false,
    });
    const history = await getJson(s.app, '/api/convert/history', again.access_token);
    expect(history.json().conversions).toEqual([]);
    expect((await getJson(s.app, '/api/team', again.access_token)).json().team).toBeNull();
    expect(await ledgerSum(s.ctx.db, again.user.id)).toBe(2500);
  });
});
