import { Readable } from 'node:stream';
import { FORMATS, type OutputFormat } from '@tracery/contracts';
import type { FastifyReply } from 'fastify';
import type { AppContext } from '../context.js';
import { attachmentFilename } from '../conversions/formats.js';
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

function attachment(reply: FastifyReply, type: string, filename: string) {
  return reply
    .header('content-type', type)
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('cache-control', 'private, no-store');
}

/** One item's result as an attachment (the caller has checked that the batch is the user's). */
export async function sendItemResult(
  ctx: AppContext,
  reply: FastifyReply,
  batch: BatchRow,
  item: BatchItemRow | undefined,
) {
  if (!item || item.batch_id !== batch.id) throw new DomainError('NOT_FOUND', 'Item not found');
  assertRetained(batch);
  if (item.status !== 'completed' || !item.storage_key)
    throw new DomainError('CONFLICT', `This item has no result (status: ${item.status})`);
  const bytes = await ctx.files.get(item.storage_key);
  if (!bytes) throw new DomainError('GONE', 'This result is no longer stored');
  const format = batch.output_format as OutputFormat;
  return attachment(
    reply,
    FORMATS[format].mimeType,
    attachmentFilename(item.original_filename, format),
  ).send(bytes as unknown as string);
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
  return attachment(reply, 'application/zip', `tracery-batch-${batch.id.slice(0, 8)}.zip`).send(
    Readable.from(zipStream(entries)) as unknown as string,
  );
}
