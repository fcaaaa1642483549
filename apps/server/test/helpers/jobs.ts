import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../src/context.js';
import { applyCredit } from '../../src/credits/ledger.js';

/**
 * A conversion whose worker died an hour ago: charged 1 credit and still `processing`, as the
 * upload path leaves it when the process is killed mid-trace. The sweeper fails and refunds it.
 */
export async function insertStuckJob(
  ctx: AppContext,
  userId: string,
  filename: string,
): Promise<string> {
  const id = randomUUID();
  const charged = await applyCredit(ctx.db, userId, -100, `conversion:${id}:charge`, 'Conversion');
  if (charged !== 'applied') throw new Error(`could not charge the stuck job: ${charged}`);
  await ctx.db
    .insertInto('conversions')
    .values({
      id,
      user_id: userId,
      original_filename: filename,
      input_bytes: 10,
      width: 1,
      height: 1,
      output_format: 'svg',
      quality_tier: 'standard',
      engine_used: 'precision',
      credits_units: 100,
      status: 'processing',
      storage_key: null,
      output_bytes: null,
      quality_scores: null,
      recommended_engine: null,
      error: null,
      created_at: new Date(Date.now() - 3600_000).toISOString(),
      completed_at: null,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      deleted_at: null,
    })
    .execute();
  return id;
}
