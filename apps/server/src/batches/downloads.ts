import { Readable } from 'node:stream';
import type { OutputFormat } from '@tracery/contracts';
import type { FastifyReply } from 'fastify';
import type { UserRow } from '../auth/users.js';
import type { AppContext } from '../context.js';
import { attachmentFilename } from '../conversions/formats.js';
import { sendAttachment, sendResult } from '../conversions/results.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import { listItems, type BatchItemRow, type BatchRow } from './repository.js';
import { uniqueNames, zipStream } from './zip.js';

function assertRetained(batch: BatchRow): void {
  if (batch.expires_at <= nowIso())
    throw new DomainError(
      'GONE',
      'These results have passed their retention period and were deleted',
    );
}

/**
 * One item's result as an attachment, in the batch's format or another the plan allows (the
 * caller has checked that the batch is the user's).
 */
export async function sendItemResult(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRow,
  batch: BatchRow,
  item: BatchItemRow | undefined,
  format?: OutputFormat,
) {
  if (!item || item.batch_id !== batch.id) throw new DomainError('NOT_FOUND', 'Item not found');
  assertRetained(batch);
  if (item.status !== 'completed' || !item.storage_key)
    throw new DomainError('CONFLICT', `This item has no result (status: ${item.status})`);
  return sendResult(
    ctx,
    reply,
    user,
    {
      key: item.storage_key,
      format: batch.output_format as OutputFormat,
      originalFilename: item.original_filename,
    },
    format,
  );
}

/** Every finished result as one streamed ZIP (one file in memory at a time). */
export async function sendZip(ctx: AppContext, reply: FastifyReply, batch: BatchRow) {
  assertRetained(batch);
  const done = (await listItems(ctx.db, batch.id)).filter(
    (i) => i.status === 'completed' && i.storage_key,
  );
  if (done.length === 0)
    throw new DomainError('CONFLICT', 'No item of this batch has finished yet');
  const format = batch.output_format as OutputFormat;
  const names = uniqueNames(done.map((i) => attachmentFilename(i.original_filename, format)));
  const entries = done.map((item, n) => ({
    name: names[n],
    load: () => ctx.files.get(item.storage_key!),
  }));
  return sendAttachment(
    reply,
    Readable.from(zipStream(entries)),
    'application/zip',
    `tracery-batch-${batch.id.slice(0, 8)}.zip`,
  );
}
