import { longestConversionMs } from '../config.js';
import type { AppContext } from '../context.js';
import { sweepSubscriptions } from '../billing/sweep.js';
import { sweepExpiredBatchFiles } from '../batches/service.js';
import { refund } from '../conversions/repository.js';
import { deleteResult } from '../conversions/results.js';
import { updateRows } from '../db/rows.js';
import { pruneAttempts } from '../auth/throttle.js';
import { deleteExpiredSessions } from '../auth/tokens.js';
import { CHAT_RETENTION_MS, deleteSessionsBefore } from '../chat/repository.js';
import { grantDueMonths } from '../credits/monthly-grant.js';
import { nowIso } from '../time.js';

/**
 * Periodic housekeeping, safe to run twice at once or to stop half-way: every step is a
 * conditional update or an idempotent delete, so a re-run finishes what an earlier one began.
 * - results past their plan's retention: file deleted, then the row marked expired (batch
 *   items: the file deleted, then its key forgotten);
 * - jobs stuck in processing (their worker died with the process): refunded exactly once;
 * - subscriptions: renewals, expiries and monthly grants of annual plans (billing/sweep.ts);
 * - sign-in sessions past their end, with their refresh tokens: deleted;
 * - chat transcripts idle for longer than CHAT_RETENTION_MS: deleted;
 * - accounts without a subscription in a new month: that month's credits (credits/monthly-grant.ts).
 */
export async function sweep(ctx: AppContext, now = Date.now()) {
  const due = await ctx.db
    .selectFrom('conversions')
    .select(['id', 'storage_key'])
    .where('status', '=', 'completed')
    .where('expires_at', '<=', nowIso(now))
    .limit(500)
    .execute();
  let expired = 0;
  for (const row of due) {
    if (row.storage_key) await deleteResult(ctx.files, row.storage_key);
    const completed = { id: row.id, status: 'completed' };
    expired += await updateRows(ctx.db, 'conversions', completed, {
      status: 'expired',
      deleted_at: nowIso(now),
    });
  }
  const stuckBefore = nowIso(now - longestConversionMs(ctx.config));
  const stuck = await ctx.db
    .selectFrom('conversions')
    .select('id')
    .where('status', '=', 'processing')
    .where('created_at', '<', stuckBefore)
    .limit(500)
    .execute();
  let refunded = 0;
  for (const row of stuck)
    if (await refund(ctx.db, row.id, 'The conversion did not finish')) refunded++;
  const batchFiles = await sweepExpiredBatchFiles(ctx, nowIso(now));
  await pruneAttempts(ctx.db);
  const subscriptions = await sweepSubscriptions(ctx, now);
  const signInSessions = await deleteExpiredSessions(ctx.db, nowIso(now));
  const chatSessions = await deleteSessionsBefore(ctx.db, nowIso(now - CHAT_RETENTION_MS));
  const monthlyGrants = await grantDueMonths(ctx.db, nowIso(now));
  return {
    expired,
    batchFiles,
    refunded,
    subscriptions,
    signInSessions,
    chatSessions,
    monthlyGrants,
  };
}
