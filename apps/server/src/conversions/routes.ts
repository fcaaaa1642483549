import type { MultipartFile } from '@fastify/multipart';
import { ConversionResult, HistoryRecord, HistoryResponse } from '@tracery/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { DomainError } from '../errors.js';
import { errorResponses, RESULT_TYPES } from '../http/openapi.js';
import { uploadsLimiter } from '../http/rate-limit.js';
import { listConversions, toHistoryRecord } from './repository.js';
import { resultDownload, sendResult } from './results.js';
import { conversionSettings, SETTINGS_DOC } from './settings.js';
import { convertUpload, downloadableResult, visibleConversion } from './service.js';
import { MULTIPART, UPLOAD_REFUSALS } from './upload-schema.js';

const IdParams = z.object({ id: z.uuid('Unknown conversion id') });

export function conversionRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const uploads = uploadsLimiter(ctx, 'uploads');
  return featureRoutes(ctx, 'conversions', async (app, route) => {
    app.post(
      '/upload',
      route.userOrApiKey(
        'Convert an image (multipart: file, output_format, quality_tier, options)',
        {
          description: `${SETTINGS_DOC} Answers with the finished result.`,
          consumes: MULTIPART,
          response: {
            200: ConversionResult,
            ...UPLOAD_REFUSALS,
            ...errorResponses(503),
          },
        },
      ),
      async (request) => {
        const user = userOf(request);
        await uploads.admit(user.id, 'uploads');
        if (!request.isMultipart())
          throw new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Expected a multipart/form-data request');
        const { fields, file } = await readUploadParts(request);
        if (!file) throw new DomainError('VALIDATION_FAILED', 'file: an image file is required');
        if (file.bytes.byteLength === 0)
          throw new DomainError('VALIDATION_FAILED', 'file: the file is empty');
        return convertUpload(ctx, user, {
          filename: file.filename,
          bytes: file.bytes,
          ...conversionSettings(fields),
          requestId: request.id,
        });
      },
    );

    app.get(
      '/history',
      route.userOrApiKey('Your conversions, newest first', {
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100000).default(1),
          page_size: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: { 200: HistoryResponse, ...errorResponses(422) },
      }),
      async (request) => {
        const user = userOf(request);
        const { page, page_size } = request.query;
        const { rows, total } = await listConversions(ctx.db, user.id, page, page_size);
        return { conversions: rows.map(toHistoryRecord), total, page, page_size };
      },
    );

    app.get(
      '/:id',
      route.userOrApiKey('One of your conversions', {
        params: IdParams,
        response: { 200: HistoryRecord, ...errorResponses(404, 422) },
      }),
      async (request) =>
        toHistoryRecord(await visibleConversion(ctx.db, userOf(request), request.params.id)),
    );

    app.get(
      '/:id/download',
      route.userOrApiKey('Download a conversion result (owner or admin only)', {
        description:
          'In the format it was converted to, or with `?format=` in any other format your plan allows, written from the stored vector without a new trace or charge.',
        params: IdParams,
        ...resultDownload(RESULT_TYPES, 'The converted file (binary for PDF)'),
      }),
      async (request, reply) => {
        const user = userOf(request);
        const stored = await downloadableResult(ctx.db, user, request.params.id);
        return sendResult(ctx, reply, user, stored, request.query.format);
      },
    );
  });
}

/** The multipart fields and the one file; a broken or truncated body is the client's 400. */
async function readUploadParts(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { filename: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer().catch(() => undefined);
          throw new DomainError('BAD_REQUEST', 'Send exactly one file, in the field "file"');
        }
        file = { filename: part.filename || 'image', bytes: await readFile(part) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof DomainError || (error as { statusCode?: number }).statusCode) throw error;
    throw new DomainError('BAD_REQUEST', 'The multipart body is malformed or incomplete');
  }
  return { fields, file };
}

async function readFile(part: MultipartFile): Promise<Buffer> {
  const bytes = await part.toBuffer();
  if (part.file.truncated)
    throw new DomainError('FILE_TOO_LARGE', 'The file is larger than the upload limit');
  return bytes;
}
