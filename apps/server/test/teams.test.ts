import { CREDIT_UNITS } from '@tracery/contracts';
import { describe, expect, it } from 'vitest';
import { applyCredit, balanceUnits, ledgerSum } from '../src/credits/ledger.js';
import { bearer, postJson, register, upload, getJson } from './helpers/api.js';
import { buyPlan, verifiedUser } from './helpers/accounts.js';
import { drawing } from './helpers/images.js';
import { linkIn, useMailingServer } from './helpers/smtp.js';

const { smtp, s } = useMailingServer({ UPLOADS_PER_MINUTE: '100' });

const post = (url: string, payload: unknown, token?: string) =>
  postJson(s.app, url, payload, token);
const del = (url: string, token: string) =>
  s.app.inject({ method: 'DELETE', url, headers: bearer(token) });
const team = async (token: string) => (await getJson(s.app, '/api/team', token)).json().team;
const email = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A Business owner with a confirmed address. */
async function businessOwner() {
  const owner = await verifiedUser(s.app, smtp);
  await buyPlan(s.app, owner.access_token, 'business');
  return owner;
}

/** Invites `address`, reads the invitation email and returns its token. */
async function inviteToken(ownerToken: string, address: string) {
  const res = await post('/api/team/invitations', { email: address }, ownerToken);
  expect(res.statusCode).toBe(201);
  const mail = await smtp.waitFor(address, /invited you to their Tracery team/);
  return linkIn(mail, '/team/accept').searchParams.get('token')!;
}

/** A new member of the owner's team, through the emailed invitation. */
async function member(ownerToken: string) {
  const address = email('member');
  const token = await inviteToken(ownerToken, address);
  const user = await register(s.app, { email: address });
  const res = await post('/api/team/invitations/accept', { token }, user.access_token);
  expect(res.statusCode).toBe(200);
  return user;
}

describe('team invitations', () => {
  it('need a Business plan and a confirmed address', async () => {
    const free = await verifiedUser(s.app, smtp);
    const noPlan = await post('/api/team/invitations', { email: email('x') }, free.access_token);
    expect(noPlan.statusCode).toBe(403);
    expect(noPlan.json().code).toBe('PLAN_REQUIRED');

    const unverified = await register(s.app);
    await buyPlan(s.app, unverified.access_token, 'business');
    const res = await post('/api/team/invitations', { email: email('x') }, unverified.access_token);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('EMAIL_UNVERIFIED');
    expect(await team(unverified.access_token)).toBeNull();
  });

  it('an emailed single-use link makes the invitee a member; only the invited address can use it', async () => {
    const owner = await businessOwner();
    const address = email('invitee');
    const token = await inviteToken(owner.access_token, address);
    expect((await team(owner.access_token)).invitations).toMatchObject([{ email: address }]);

    const stranger = await register(s.app);
    const wrong = await post('/api/team/invitations/accept', { token }, stranger.access_token);
    expect(wrong.statusCode).toBe(403);
    expect(await team(stranger.access_token)).toBeNull();

    const invitee = await register(s.app, { email: address });
    const ok = await post('/api/team/invitations/accept', { token }, invitee.access_token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().team).toMatchObject({ role: 'member', owner: { user_id: owner.user.id } });
    // The link reached the invited inbox: the address is confirmed.
    expect((await getJson(s.app, '/api/auth/me', invitee.access_token)).json().email_verified).toBe(
      true,
    );
    const again = await post('/api/team/invitations/accept', { token }, invitee.access_token);
    expect(again.statusCode).toBe(410);

    const view = await team(owner.access_token);
    expect(view).toMatchObject({ role: 'owner', seats: 3, seats_used: 2, invitations: [] });
    expect(view.members).toMatchObject([{ user_id: invitee.user.id, email: address }]);
  });

  it('three seats including the owner: concurrent invitations never take more (SEATS_FULL)', async () => {
    const owner = await businessOwner();
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post('/api/team/invitations', { email: email(`seat${i}`) }, owner.access_token),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 409, 409, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('SEATS_FULL');
    const view = await team(owner.access_token);
    expect(view.invitations).toHaveLength(2);
    expect(view.seats_used).toBe(3);

    // Revoking one frees its seat; the revoked link no longer works.
    const revoked = view.invitations[0];
    expect((await del(`/api/team/invitations/${revoked.id}`, owner.access_token)).statusCode).toBe(
      204,
    );
    expect(
      (await post('/api/team/invitations', { email: email('next') }, owner.access_token))
        .statusCode,
    ).toBe(201);
    const revokedMail = await smtp.waitFor(revoked.email, /invited you/);
    const revokedToken = linkIn(revokedMail, '/team/accept').searchParams.get('token');
    const late = await register(s.app, { email: revoked.email });
    expect(
      (await post('/api/team/invitations/accept', { token: revokedToken }, late.access_token))
        .statusCode,
    ).toBe(410);
  });

  it("removes a member, lets a member leave, and refuses other accounts' ids", async () => {
    const owner = await businessOwner();
    const a = await member(owner.access_token);
    const b = await member(owner.access_token);
    // A member cannot remove another member, nor can a stranger.
    expect((await del(`/api/team/members/${b.user.id}`, a.access_token)).statusCode).toBe(404);
    const stranger = await businessOwner();
    expect((await del(`/api/team/members/${a.user.id}`, stranger.access_token)).statusCode).toBe(
      404,
    );
    expect((await team(owner.access_token)).members).toHaveLength(2);

    expect((await del(`/api/team/members/${a.user.id}`, owner.access_token)).statusCode).toBe(204);
    expect(await team(a.access_token)).toBeNull();
    expect((await del(`/api/team/members/${b.user.id}`, b.access_token)).statusCode).toBe(204);
    expect(await team(b.access_token)).toBeNull();
    expect((await team(owner.access_token)).members).toHaveLength(0);
  });
});

describe("the team's credit pool", () => {
  it('three members converting in parallel against a pool of N credits spend exactly N', async () => {
    const owner = await businessOwner();
    const a = await member(owner.access_token);
    const b = await member(owner.access_token);
    const N = 4;
    // The pool holds N credits: the rest of the owner's balance is spent through the ledger.
    const pool = await balanceUnits(s.ctx.db, owner.user.id);
    await applyCredit(
      s.ctx.db,
      owner.user.id,
      -(pool - N * CREDIT_UNITS),
      `test:drain:${owner.user.id}`,
      'test',
    );
    const ownBefore = [
      await balanceUnits(s.ctx.db, a.user.id),
      await balanceUnits(s.ctx.db, b.user.id),
    ];
    const sumBefore = await ledgerSum(s.ctx.db, owner.user.id);

    const png = await drawing('png', 48);
    const tokens = [owner.access_token, a.access_token, b.access_token];
    const results = await Promise.all(
      tokens.flatMap((token, i) =>
        Array.from({ length: 3 }, (_, j) =>
          upload(s.app, token, { name: `m${i}-${j}.png`, bytes: png }),
        ),
      ),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(N);
    for (const r of refused) expect(r.json().code).toBe('NOT_ENOUGH_CREDITS');
    expect(ok.every((r) => r.json().credits_cost === 1)).toBe(true);

    expect(await balanceUnits(s.ctx.db, owner.user.id)).toBe(0);
    expect(await ledgerSum(s.ctx.db, owner.user.id)).toBe(sumBefore - N * CREDIT_UNITS);
    // The members' own credits were not touched.
    expect([
      await balanceUnits(s.ctx.db, a.user.id),
      await balanceUnits(s.ctx.db, b.user.id),
    ]).toEqual(ownBefore);
    // The owner sees who spent what.
    const view = await team(owner.access_token);
    const used = view.members.reduce(
      (sum: number, m: { credits_used: number }) => sum + m.credits_used,
      0,
    );
    const ownerUsed = ok.filter((r) => r.json().original_filename.startsWith('m0-')).length;
    expect(used + ownerUsed).toBe(N);
  });

  it("a member's conversion follows the team's plan, and after leaving their own", async () => {
    const owner = await businessOwner();
    const m = await member(owner.access_token);
    const png = await drawing('png', 48);
    const uploadEps = () =>
      upload(
        s.app,
        m.access_token,
        { name: 'logo.png', bytes: png },
        { output_format: 'eps', quality_tier: 'standard' },
      );
    // EPS is not on the member's own free plan, but it is on the team's Business plan.
    const eps = await uploadEps();
    expect(eps.statusCode).toBe(200);
    expect((await getJson(s.app, eps.json().result_url, m.access_token)).statusCode).toBe(200);
    await del(`/api/team/members/${m.user.id}`, m.access_token);
    const after = await uploadEps();
    expect(after.statusCode).toBe(403);
    expect(after.json().code).toBe('FORMAT_NOT_IN_PLAN');
  });
});
