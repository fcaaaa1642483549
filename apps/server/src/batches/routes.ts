import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchCreated, BatchList, BatchView, planOf } from '@tracery/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { UserRow } from '../auth/users.js';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { pageLimit } from '../http/page-limit.js';
import { featureRoutes } from '../http/feature-routes.js';
import { resultDownload } from '../conversions/results.js';
import {
  conversionSettings,
  SETTINGS_DOC,
  type ConversionSettings,
} from '../conversions/settings.js';
import { MULTIPART, UPLOAD_REFUSALS } from '../conversions/upload-schema.js';
import { DomainError } from '../errors.js';
import { errorResponses, fileAnswer, RESULT_TYPES } from '../http/openapi.js';
import { uploadsLimiter } from '../http/rate-limit.js';
import { lastEventIdOf, streamEvents } from './events.js';
import { sendItemResult, sendZip } from './downloads.js';
import { findItem, listBatches } from './repository.js';
import {
  admitFile,
  cancel,
  createBatch,
  discardFiles,
  ownBatch,
  retry,
  summaryOf,
  viewOf,
  type AdmittedFile,
} from './service.js';
import { notifyBatch, notifyWork } from '../jobs/signals.js';
import { receivePart, zipImages } from './zip-upload.js';

const ONE_ZIP = 'file: send either images or one ZIP of images, not both';

const IdParams = z.object({ id: z.uuid('Unknown batch id') });
const ItemParams = z.object({ id: z.uuid('Unknown batch id'), itemId: z.uuid('Unknown item id') });

export function batchRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const creations = uploadsLimiter(ctx, 'batches');
  return featureRoutes(ctx, 'batches', async (app, route) => {
    app.post(
      '/',
      route.userOrApiKey(
        'Start a batch (multipart: one or more file parts or one ZIP, output_format, quality_tier, options)',
        {
          description: `Up to the plan's batch size of images, as separate \`file\` parts or as one ZIP of images in a single \`file\` part (unpacked on the server: folders, __MACOSX and dotfiles are skipped, entry names are kept only as labels, a ZIP inside the ZIP is not unpacked; more images than the batch size is 422). Every file passes the upload gate on its own: a refused file is a failed item that costs nothing. The credits of the admitted items are reserved at once and the batch runs on the server; follow it with GET /api/batch/{id}/events. ${SETTINGS_DOC}`,
          consumes: MULTIPART,
          response: {
            202: BatchCreated,
            ...UPLOAD_REFUSALS,
          },
        },
      ),
      async (request, reply) => {
        const user = userOf(request);
        await creations.admit(user.id, 'uploads');
        const created = await receiveBatch(ctx, request, user, { source: 'web' });
        notifyWork();
        return reply.status(202).send(created);
      },
    );

    app.get(
      '/',
      route.userOrApiKey('Your batches, newest first', {
        querystring: z.object({ limit: pageLimit(100, 20) }),
        response: { 200: BatchList, ...errorResponses(422) },
      }),
      async (request) => {
        const user = userOf(request);
        const rows = await listBatches(ctx.db, user.id, request.query.limit);
        return { batches: await Promise.all(rows.map((b) => summaryOf(ctx, b))) };
      },
    );

    app.get(
      '/:id',
      route.userOrApiKey('A batch: status and totals, and every item', {
        params: IdParams,
        response: { 200: BatchView, ...errorResponses(404, 422) },
      }),
      async (request) => viewOf(ctx, await ownBatch(ctx, userOf(request), request.params.id)),
    );

    app.get(
      '/:id/events',
      route.userOrApiKey('Progress as Server-Sent Events (resume with Last-Event-ID)', {
        description:
          "Each event has `id:` (the batch's event number), `event:` `item` (an item changed) or `batch` (the batch finished or was cancelled) and JSON `data` {seq, type, status, totals, item?}. Reconnecting with the header `Last-Event-ID` (or `?last_event_id=`) sends every event after that one. The stream ends when the batch has settled.",
        params: IdParams,
        querystring: z.object({ last_event_id: z.string().optional() }),
        response: {
          200: fileAnswer(['text/event-stream'], 'The event stream'),
          ...errorResponses(404, 422),
        },
      }),
      async (request, reply) => {
        const batch = await ownBatch(ctx, userOf(request), request.params.id);
        await streamEvents(ctx, request, reply, batch.id, lastEventIdOf(request));
      },
    );

    app.post(
      '/:id/cancel',
      route.userOrApiKey('Cancel what has not started; those items are refunded', {
        params: IdParams,
        response: { 200: BatchView, ...errorResponses(404, 409, 422) },
      }),
      async (request) => {
        const batch = await ownBatch(ctx, userOf(request), request.params.id);
        await cancel(ctx, batch);
        notifyBatch(batch.id);
        return viewOf(ctx, await ownBatch(ctx, userOf(request), batch.id));
      },
    );

    app.post(
      '/:id/items/:itemId/retry',
      route.userOrApiKey('Run a failed item again', {
        description:
          'Only a failed item that was admitted (its `retry_url` is set): it is queued again and charged again once; if it fails again it is refunded again. Answers the batch, running again.',
        params: ItemParams,
        response: { 200: BatchView, ...errorResponses(402, 404, 409, 410, 422) },
      }),
      async (request) => {
        const user = userOf(request);
        const batch = await ownBatch(ctx, user, request.params.id);
        await retry(ctx, user, batch, request.params.itemId);
        notifyWork();
        notifyBatch(batch.id);
        return viewOf(ctx, await ownBatch(ctx, user, batch.id));
      },
    );

    app.get(
      '/:id/items/:itemId/download',
      route.userOrApiKey("Download one item's result", {
        description:
          'In the batch format, or with `?format=` in any other format your plan allows (written from the stored vector, no new charge).',
        params: ItemParams,
        ...resultDownload(RESULT_TYPES, "The item's converted file"),
      }),
      async (request, reply) => {
        const user = userOf(request);
        const batch = await ownBatch(ctx, user, request.params.id);
        const item = await findItem(ctx.db, request.params.itemId);
        return sendItemResult(ctx, reply, user, batch, item, request.query.format);
      },
    );

    app.get(
      '/:id/zip',
      route.userOrApiKey('Every finished result of the batch as one ZIP (streamed)', {
        params: IdParams,
        response: {
          200: fileAnswer(['application/zip'], 'A ZIP of the finished results'),
          ...errorResponses(404, 409, 410, 422),
        },
      }),
      async (request, reply) => {
        const batch = await ownBatch(ctx, userOf(request), request.params.id);
        return sendZip(ctx, reply, batch);
      },
    );
  });
}

/**
 * Reads a batch upload: each `file` part goes through the gate and into the file store as it
 * arrives (one file in memory at a time), the fields are read, then the batch is created.
 */
export async function receiveBatch(
  ctx: AppContext,
  request: FastifyRequest,
  user: UserRow,
  options: { source: 'web' | 'api'; apiKeyId?: string | null; idempotencyKey?: string | null },
  extraFields: (fields: Record<string, string>) => { webhookUrl?: string | null } = () => ({}),
) {
  if (!request.isMultipart())
    throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request');
  const plan = planOf(user.plan_id);
  const batchId = randomUUID();
  const fields: Record<string, string> = {};
  const files: AdmittedFile[] = [];
  const tooMany = (count?: number) =>
    `file: the ${plan.name} plan converts up to ${plan.batchLimit} images per batch${count ? ` (${count} sent)` : ''}`;
  // A ZIP may hold the whole batch: what a batch of separate files could weigh.
  const zipCap = plan.batchLimit * plan.maxFileBytes;
  const scratch = await mkdtemp(join(tmpdir(), 'tracery-batch-'));
  const zipPath = join(scratch, 'upload.zip');
  try {
    let zip = false;
    const parts = request.parts({
      limits: {
        files: plan.batchLimit + 1,
        parts: plan.batchLimit + 20,
        fileSize: zipCap,
        fields: 10,
        fieldSize: 2048,
      },
      // A file over the plan's size is one refused item, not a failed batch.
      throwFileSizeLimit: false,
    } as Parameters<FastifyRequest['parts']>[0]);
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          await part.toBuffer().catch(() => undefined);
          throw new DomainError('BAD_REQUEST', 'Send the images in fields named "file"');
        }
        if (files.length >= plan.batchLimit) {
          await part.toBuffer().catch(() => undefined);
          throw new DomainError('VALIDATION_FAILED', tooMany());
        }
        const received = await receivePart(part.file, plan.maxFileBytes, zipPath);
        if (zip || (received.kind === 'zip' && files.length > 0))
          throw new DomainError('VALIDATION_FAILED', ONE_ZIP);
        if (received.kind === 'zip') {
          if (received.truncated)
            throw new DomainError(
              'FILE_TOO_LARGE',
              `The ZIP is over the ${plan.name} plan's ${zipCap / 1048576} MB for a batch`,
            );
          zip = true;
          continue;
        }
        files.push(
          await admitFile(ctx, user, batchId, {
            filename: part.filename || `image-${files.length + 1}`,
            ...received,
          }),
        );
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
    if (zip) {
      const images = zipImages(zipPath, {
        maxEntries: plan.batchLimit,
        maxEntryBytes: plan.maxFileBytes,
        tooMany,
      });
      for await (const image of images) files.push(await admitFile(ctx, user, batchId, image));
    }
  } catch (error) {
    await discardFiles(ctx, files);
    if (error instanceof DomainError) throw error;
    if ((error as { code?: string }).code === 'FST_FILES_LIMIT')
      throw new DomainError('VALIDATION_FAILED', tooMany());
    if ((error as { statusCode?: number }).statusCode) throw error;
    throw new DomainError('BAD_REQUEST', 'The multipart body is malformed or incomplete');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
  let settings: ConversionSettings;
  let extra: { webhookUrl?: string | null };
  try {
    settings = conversionSettings(fields);
    extra = extraFields(fields);
  } catch (error) {
    await discardFiles(ctx, files);
    throw error;
  }
  return createBatch(ctx, user, batchId, files, {
    ...settings,
    source: options.source,
    apiKeyId: options.apiKeyId,
    idempotencyKey: options.idempotencyKey,
    webhookUrl: extra.webhookUrl ?? null,
  });
}
