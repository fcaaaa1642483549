import { FORMATS, OutputFormatSchema, planOf, type OutputFormat } from '@tracery/contracts';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { UserRow } from '../auth/users.js';
import { DomainError } from '../errors.js';
import { errorResponses, fileAnswer } from '../http/openapi.js';
import type { FileStore } from '../storage/file-store.js';
import { payerFor } from '../teams/pool.js';
import { attachmentFilename } from './formats.js';
import { assertFormatInPlan } from './plan-limits.js';

/**
 * A finished result in the file store: the file in the format it was converted to, and beside
 * it the traced document (`<key>.vector.json`), from which any other format the plan allows is
 * written again on download: no re-trace and no second charge, for as long as retention keeps it.
 */
export const vectorKeyOf = (storageKey: string) => `${storageKey}.vector.json`;

/** The vector first: a stored output always has its document beside it. */
export async function storeResult(
  files: FileStore,
  key: string,
  result: { output: Uint8Array; vector: Uint8Array },
): Promise<void> {
  await files.put(vectorKeyOf(key), result.vector);
  await files.put(key, result.output);
}

export async function deleteResult(files: FileStore, key: string): Promise<void> {
  await files.delete(key);
  await files.delete(vectorKeyOf(key));
}

/** `?format=` on result downloads: another format than the one converted to. */
export const FormatQuery = z.object({
  format: OutputFormatSchema.optional().describe(
    'Download in another format your plan allows, written from the stored vector (no new charge)',
  ),
});

/** The schema of a result download (conversion, batch item, job): `?format=`, the file or why not. */
export function resultDownload(types: readonly string[], file: string) {
  return {
    querystring: FormatQuery,
    response: { 200: fileAnswer(types, file), ...errorResponses(404, 409, 410, 422) },
  };
}

/** A result in the file store, with what names its download. */
export interface StoredResult {
  key: string;
  format: OutputFormat;
  originalFilename: string;
}

/** The result's bytes in `wanted` (default: the format it was converted to). */
export async function readResult(
  ctx: AppContext,
  user: UserRow,
  stored: { key: string; format: OutputFormat },
  wanted: OutputFormat = stored.format,
): Promise<Uint8Array> {
  if (wanted === stored.format) {
    const bytes = await ctx.files.get(stored.key);
    if (!bytes) throw new DomainError('GONE', 'This result is no longer stored');
    return bytes;
  }
  assertFormatInPlan(planOf((await payerFor(ctx.db, user)).plan_id), wanted);
  const vector = await ctx.files.get(vectorKeyOf(stored.key));
  if (!vector)
    throw new DomainError(
      'CONFLICT',
      `This result was stored before other formats could be written from it: convert the image again for ${wanted.toUpperCase()}`,
    );
  return ctx.imageWorkers.write(vector, wanted);
}

/** A download: never rendered by the browser as a page of ours, never cached by a proxy. */
export function sendAttachment(
  reply: FastifyReply,
  body: Uint8Array | NodeJS.ReadableStream,
  type: string,
  filename: string,
) {
  return (
    reply
      .header('content-type', type)
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('cache-control', 'private, no-store')
      // Buffers and streams bypass the serializer; route schemas only document the body.
      .send(body as unknown as string)
  );
}

/** A stored result as an attachment named after the original file. */
export async function sendResult(
  ctx: AppContext,
  reply: FastifyReply,
  user: UserRow,
  stored: StoredResult,
  wanted: OutputFormat = stored.format,
) {
  const bytes = await readResult(ctx, user, stored, wanted);
  return sendAttachment(
    reply,
    bytes,
    FORMATS[wanted].mimeType,
    attachmentFilename(stored.originalFilename, wanted),
  );
}
