import { FORMATS, type OutputFormat } from '@tracery/contracts';
import type { AppContext } from '../context.js';
import { findBatch, findItem, listItems } from '../batches/repository.js';
import { uniqueNames, zipStream } from '../batches/zip.js';
import { attachmentFilename } from '../conversions/formats.js';
import { findConversion } from '../conversions/repository.js';
import { DomainError } from '../errors.js';
import { nowIso } from '../time.js';
import type { SaveRow } from './repository.js';

/** One file of a save: its name (as the download names it) and its bytes, loaded when its turn comes. */
export interface SourceFile {
  name: string;
  mimeType: string;
  load(): Promise<Uint8Array>;
}

export interface SaveSource {
  mode: 'file' | 'folder' | 'zip';
  /** The file name, or for a whole batch its subfolder (or ZIP) name. */
  name: string;
  files: SourceFile[];
}

const gone = () =>
  new DomainError('GONE', 'This result has passed its retention period and was deleted');

async function stored(ctx: AppContext, key: string | null): Promise<Uint8Array> {
  const bytes = key ? await ctx.files.get(key) : null;
  if (!bytes) throw new DomainError('GONE', 'This result is no longer stored');
  return bytes;
}

/** The batch's subfolder and ZIP are named as its download is. */
export const batchName = (batchId: string) => `tracery-batch-${batchId.slice(0, 8)}`;

/**
 * What a save request (or a save job) uploads: the owner's finished, retained results only,
 * with the same names and bytes as their downloads.
 */
export async function saveSource(
  ctx: AppContext,
  userId: string,
  what: Pick<SaveRow, 'conversion_id' | 'batch_id' | 'item_id'> & { mode?: string },
): Promise<SaveSource> {
  if (what.conversion_id) {
    const row = await findConversion(ctx.db, what.conversion_id);
    if (!row || row.user_id !== userId) throw new DomainError('NOT_FOUND', 'Conversion not found');
    if (row.status === 'expired' || row.expires_at <= nowIso()) throw gone();
    if (row.status !== 'completed' || !row.storage_key)
      throw new DomainError('CONFLICT', `This conversion has no result (status: ${row.status})`);
    const format = row.output_format as OutputFormat;
    const name = attachmentFilename(row.original_filename, format);
    const key = row.storage_key;
    return {
      mode: 'file',
      name,
      files: [{ name, mimeType: FORMATS[format].mimeType, load: () => stored(ctx, key) }],
    };
  }
  const batch = what.batch_id ? await findBatch(ctx.db, what.batch_id) : undefined;
  if (!batch || batch.user_id !== userId) throw new DomainError('NOT_FOUND', 'Batch not found');
  if (batch.expires_at <= nowIso()) throw gone();
  const format = batch.output_format as OutputFormat;
  const mimeType = FORMATS[format].mimeType;
  if (what.item_id) {
    const item = await findItem(ctx.db, what.item_id);
    if (!item || item.batch_id !== batch.id) throw new DomainError('NOT_FOUND', 'Item not found');
    if (item.status !== 'completed' || !item.storage_key)
      throw new DomainError('CONFLICT', `This item has no result (status: ${item.status})`);
    const name = attachmentFilename(item.original_filename, format);
    const key = item.storage_key;
    return { mode: 'file', name, files: [{ name, mimeType, load: () => stored(ctx, key) }] };
  }
  const done = (await listItems(ctx.db, batch.id)).filter(
    (i) => i.status === 'completed' && i.storage_key,
  );
  if (done.length === 0)
    throw new DomainError('CONFLICT', 'No item of this batch has finished yet');
  const names = uniqueNames(done.map((i) => attachmentFilename(i.original_filename, format)));
  const files = done.map((item, n) => ({
    name: names[n],
    mimeType,
    load: () => stored(ctx, item.storage_key),
  }));
  if (what.mode === 'zip') {
    const name = `${batchName(batch.id)}.zip`;
    const load = async () => {
      const parts: Buffer[] = [];
      for await (const part of zipStream(files.map((f) => ({ name: f.name, load: f.load }))))
        parts.push(part);
      return new Uint8Array(Buffer.concat(parts));
    };
    return { mode: 'zip', name, files: [{ name, mimeType: 'application/zip', load }] };
  }
  return { mode: 'folder', name: batchName(batch.id), files };
}
