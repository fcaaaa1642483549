import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../src/context.js';
import type { ConversionsTable } from '../../src/db/schema.js';
import { applyCredit } from '../../src/credits/ledger.js';
import { upload } from './api.js';
import { drawing } from './images.js';
import type { TestServer } from './server.js';

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
  await insertConversion(ctx, userId, {
    id,
    original_filename: filename,
    status: 'processing',
    created_at: new Date(Date.now() - 3600_000).toISOString(),
  });
  return id;
}

/** A conversion row as the upload path writes it (a finished SVG unless `fields` say otherwise). */
export async function insertConversion(
  ctx: AppContext,
  userId: string,
  fields: Partial<Insertable<ConversionsTable>> = {},
): Promise<string> {
  const id = fields.id ?? randomUUID();
  await ctx.db
    .insertInto('conversions')
    .values({
      id,
      user_id: userId,
      original_filename: 'drawing.png',
      input_bytes: 10,
      width: 1,
      height: 1,
      output_format: 'svg',
      quality_tier: 'standard',
      engine_used: 'precision',
      credits_units: 100,
      status: 'completed',
      storage_key: null,
      output_bytes: null,
      quality_scores: null,
      recommended_engine: null,
      error: null,
      created_at: new Date().toISOString(),
      completed_at: null,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      deleted_at: null,
      ...fields,
    })
    .execute();
  return id;
}

/** Converts a drawing as the account: the upload's answer and the conversion's row. */
export async function convertDrawing(s: TestServer, token: string) {
  const result = (await upload(s.app, token, { name: 'a.png', bytes: await drawing() })).json();
  const row = await s.ctx.db
    .selectFrom('conversions')
    .selectAll()
    .where('id', '=', result.id)
    .executeTakeFirstOrThrow();
  return { result, row };
}
