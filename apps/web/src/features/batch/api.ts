import {
  BatchCreated,
  BatchEvent,
  BatchList,
  BatchView,
  type ConversionOptions,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import { ApiError, api, fetchWithSession, readEventStream } from '../../lib/api';
import { appendOptions } from '../trace-options/fields';

export function startBatch(
  files: File[],
  outputFormat: OutputFormat,
  tier: QualityTier,
  options: ConversionOptions = {},
): Promise<BatchCreated> {
  const form = new FormData();
  form.append('output_format', outputFormat);
  form.append('quality_tier', tier);
  appendOptions(form, options);
  for (const file of files) form.append('file', file, file.name);
  return api('/batch', { method: 'POST', body: form, auth: true, schema: BatchCreated });
}

export const fetchBatch = (id: string) => api(`/batch/${id}`, { auth: true, schema: BatchView });

export const fetchBatches = () => api('/batch?limit=10', { auth: true, schema: BatchList });

export const cancelBatch = (id: string) =>
  api(`/batch/${id}/cancel`, { method: 'POST', auth: true, schema: BatchView });

/** `retryUrl` is the item's `retry_url` (an /api path). */
export const retryBatchItem = (retryUrl: string) =>
  api(retryUrl.replace(/^\/api/, ''), { method: 'POST', auth: true, schema: BatchView });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Follows a batch's Server-Sent Events with fetch (EventSource cannot send the bearer header):
 * after a dropped connection it reconnects with Last-Event-ID, so no event is missed. Resolves
 * when the server ends the stream (the batch has settled) or `signal` aborts.
 */
export async function followBatchEvents(
  id: string,
  after: number,
  onEvent: (event: BatchEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  let last = after;
  while (!signal.aborted) {
    try {
      const res = await fetchWithSession(`/api/batch/${id}/events`, {
        headers: {
          Accept: 'text/event-stream',
          ...(last > 0 ? { 'Last-Event-ID': String(last) } : {}),
        },
        signal,
      });
      if (!res.ok || !res.body) throw new ApiError(res.status, undefined);
      await readEventStream(res.body, (_name, data) => {
        const event = BatchEvent.parse(JSON.parse(data));
        last = event.seq;
        onEvent(event);
      });
      return;
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
      await sleep(2000);
    }
  }
}
