import { describe, expect, it } from 'vitest';
import { ledgerSum } from '../src/credits/ledger.js';
import { sweep } from '../src/jobs/sweeper.js';
import { monthlyGrantUnits, setBalanceUnits } from './helpers/credits.js';
import { register, getJson } from './helpers/api.js';
import { convertDrawing, insertStuckJob } from './helpers/jobs.js';
import { useTestServer } from './helpers/server.js';

const s = useTestServer();

describe('retention sweep', () => {
  it("keeps results for the free plan's 24 hours, then deletes them (twice at once is safe)", async () => {
    const { access_token } = await register(s.app);
    const { result, row } = await convertDrawing(s, access_token);
    const hours = (Date.parse(row.expires_at) - Date.parse(row.created_at)) / 3600_000;
    expect(hours).toBe(24);
    const stored = () => s.ctx.files.get(row.storage_key!);
    expect(await stored()).not.toBeNull();

    const early = await sweep(s.ctx, Date.parse(row.expires_at) - 1000);
    expect(early.expired).toBe(0);
    expect(await stored()).not.toBeNull();

    const later = Date.parse(row.expires_at) + 1000;
    const [a, b] = await Promise.all([sweep(s.ctx, later), sweep(s.ctx, later)]);
    expect(a.expired + b.expired).toBe(1);
    expect(await stored()).toBeNull();
    const after = await s.ctx.db
      .selectFrom('conversions')
      .select('status')
      .where('id', '=', result.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('expired');
    const download = await getJson(s.app, result.result_url, access_token);
    expect(download.statusCode).toBe(410);
  });

  it('refunds a job a crash left in processing exactly once', async () => {
    const { user, access_token } = await register(s.app);
    await insertStuckJob(s.ctx, user.id, 'lost.png');
    const [a, b] = await Promise.all([sweep(s.ctx), sweep(s.ctx)]);
    expect(a.refunded + b.refunded).toBe(1);
    expect((await sweep(s.ctx)).refunded).toBe(0);
    const me = await getJson(s.app, '/api/auth/me', access_token);
    expect(me.json().credits_remaining).toBe(25);
    expect(await ledgerSum(s.ctx.db, user.id)).toBe(2500);
  });

  it("grants a new month's credits in the sweep, once, and never on a read", async () => {
    const { user, password } = await register(s.app);
    await setBalanceUnits(s.ctx.db, user.id, 700);
    const nextMonth = Date.now() + 32 * 86400_000;
    // A sweep a month ahead also ends the sessions of now (30 days): sign in for each read.
    const credits = async () =>
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password },
        })
      ).json().user.credits_remaining;
    expect(await credits()).toBe(7);
    await Promise.all([sweep(s.ctx, nextMonth), sweep(s.ctx, nextMonth)]);
    expect(await credits()).toBe(25);
    expect(await monthlyGrantUnits(s.ctx.db, user.id)).toEqual([2500, 1800]);
    expect((await sweep(s.ctx, nextMonth)).monthlyGrants).toBe(0);
  });
});
