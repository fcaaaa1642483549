import { BatchItem } from '@tracery/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf, userOf } from '../auth/guard.js';
import type { AppContext } from '../context.js';
import { featureRoutes } from '../http/feature-routes.js';
import { resultDownload } from '../conversions/results.js';
import { SETTINGS_DOC } from '../conversions/settings.js';
import { MULTIPART, UPLOAD_REFUSALS } from '../conversions/upload-schema.js';
import { DomainError } from '../errors.js';
import { errorResponses, RESULT_TYPES } from '../http/openapi.js';
import { uploadsLimiter } from '../http/rate-limit.js';
import { sendItemResult, sendZip } from './downloads.js';
import {
  findBatchByIdempotencyKey,
  jobResultPath,
  listItems,
  toBatchItem,
  totalsOf,
  type BatchRow,
} from './repository.js';
import { receiveBatch } from './routes.js';
import { ownBatch } from './service.js';
import { notifyWork } from '../jobs/signals.js';
import { SIGNATURE_HEADER } from './webhooks.js';

const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed', 'cancelled'] as const;

const JobAccepted = z.object({ job_id: z.string(), status_url: z.string() });
const JobView = z.object({
  job_id: z.string(),
  status: z.enum(JOB_STATUSES),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  items: z.array(BatchItem),
  result_url: z.string().optional(),
});

const WEBHOOK_DOC = `Optional \`webhook_url\` (http or https): when the job settles it receives a POST with JSON {type: "job.completed" | "job.failed", job_id, status, result_url?, error?} and the header \`${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\`, keyed by the API key's webhook secret (shown once when the key is created, rotatable). Verify the HMAC over the raw body and reject old timestamps. A delivery that does not answer 2xx within 5 s (redirects are not followed) is retried with exponential backoff for 24 hours. Deliveries never go to loopback, private or link-local addresses (checked on the resolved address).`;

const jobUrl = (ctx: AppContext, id: string) => `${ctx.config.publicUrl}/api/v1/jobs/${id}`;

/** The job's status from its batch: settled batches are completed if anything was converted. */
async function jobOf(ctx: AppContext, batch: BatchRow): Promise<z.infer<typeof JobView>> {
  const items = await listItems(ctx.db, batch.id);
  const totals = await totalsOf(ctx.db, batch.id);
  const status =
    batch.status === 'cancelled'
      ? 'cancelled'
      : batch.status === 'running'
        ? totals.processing + totals.completed + totals.failed > 0
          ? 'processing'
          : 'queued'
        : totals.completed > 0
          ? 'completed'
          : 'failed';
  return {
    job_id: batch.id,
    status,
    created_at: batch.created_at,
    completed_at: batch.completed_at,
    items: items.map(toBatchItem),
    ...(totals.completed > 0
      ? { result_url: `${ctx.config.publicUrl}${jobResultPath(batch.id)}` }
      : {}),
  };
}

/** Asynchronous developer jobs: a job is a batch of one or more images, answered at once. */
export function jobRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const creations = uploadsLimiter(ctx, 'jobs');
  return featureRoutes(ctx, 'jobs', async (app, route) => {
    app.post(
      '/',
      route.userOrApiKey(
        'Submit a conversion job (multipart: file (one or more), output_format, quality_tier, options, webhook_url?)',
        {
          description: `Answers 202 at once; poll status_url or wait for the webhook. ${SETTINGS_DOC} The header \`Idempotency-Key\` returns the same job for the same key. ${WEBHOOK_DOC}`,
          consumes: MULTIPART,
          security: [{ apiKey: [] }],
          headers: z.object({ 'idempotency-key': z.string().min(1).max(200).optional() }),
          response: { 202: JobAccepted, ...UPLOAD_REFUSALS },
        },
      ),
      async (request, reply) => {
        const user = userOf(request);
        const principal = principalOf(request);
        if (!('apiKeyId' in principal))
          throw new DomainError('UNAUTHENTICATED', 'Jobs are submitted with an API key');
        const key = request.headers['idempotency-key'];
        const accepted = (id: string) =>
          reply.status(202).send({ job_id: id, status_url: jobUrl(ctx, id) });
        if (key) {
          const existing = await findBatchByIdempotencyKey(ctx.db, user.id, key);
          if (existing) return accepted(existing.id);
        }
        await creations.admit(user.id, 'uploads');
        try {
          const created = await receiveBatch(
            ctx,
            request,
            user,
            { source: 'api', apiKeyId: principal.apiKeyId, idempotencyKey: key ?? null },
            (fields) => ({ webhookUrl: webhookUrlOf(fields.webhook_url) }),
          );
          notifyWork();
          return accepted(created.batch_id);
        } catch (error) {
          // The same key sent twice at once: the first job stands, nothing of the second was kept.
          const existing = key ? await findBatchByIdempotencyKey(ctx.db, user.id, key) : undefined;
          if (existing) return accepted(existing.id);
          throw error;
        }
      },
    );

    app.get(
      '/:id',
      route.userOrApiKey('A job: status, items and the result URL once something is converted', {
        security: [{ apiKey: [] }],
        params: z.object({ id: z.uuid('Unknown job id') }),
        response: { 200: JobView, ...errorResponses(404, 422) },
      }),
      async (request) => jobOf(ctx, await ownBatch(ctx, userOf(request), request.params.id)),
    );

    app.get(
      '/:id/result',
      route.userOrApiKey("The job's result: the converted file for one image, a ZIP for several", {
        description:
          'A single-image job downloads in another format your plan allows with `?format=` (written from the stored vector, no new charge); `?format=` on a job of several images gets 422.',
        security: [{ apiKey: [] }],
        params: z.object({ id: z.uuid('Unknown job id') }),
        ...resultDownload([...RESULT_TYPES, 'application/zip'], 'The converted file, or a ZIP'),
      }),
      async (request, reply) => {
        const user = userOf(request);
        const batch = await ownBatch(ctx, user, request.params.id);
        const items = await listItems(ctx.db, batch.id);
        const { format } = request.query;
        if (items.length === 1) return sendItemResult(ctx, reply, user, batch, items[0], format);
        if (format && format !== batch.output_format)
          throw new DomainError(
            'VALIDATION_FAILED',
            'format: a job of several images downloads as a ZIP in its own format; download items one by one for another',
          );
        return sendZip(ctx, reply, batch);
      },
    );
  });
}

function webhookUrlOf(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'webhook_url: must be an absolute http(s) URL');
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password)
    throw new DomainError(
      'VALIDATION_FAILED',
      'webhook_url: must be an http(s) URL without credentials',
    );
  if (url.href.length > 2000) throw new DomainError('VALIDATION_FAILED', 'webhook_url: too long');
  return url.href;
}
