import {
  BatchCreated,
  BatchEvent,
  BatchList,
  BatchView,
  type OutputFormat,
  type QualityTier,
} from '@tracery/contracts';
import { ApiError, api, authHeaders } from '../../lib/api';

export function startBatch(
  files: File[],
  outputFormat: OutputFormat,
  tier: QualityTier,
): Promise<BatchCreated> {
  const form = new FormData();
  form.append('output_format', outputFormat);
  form.append('quality_tier', tier);
  for (const file of files) form.append('file', file, file.name);
  return api('/batch', { method: 'POST', body: form, auth: true, schema: BatchCreated });
}

export const fetchBatch = (id: string) => api(`/batch/${id}`, { auth: true, schema: BatchView });

export const fetchBatches = () => api('/batch?limit=10', { auth: true, schema: BatchList });

export const cancelBatch = (id: string) =>
  api(`/batch/${id}/cancel`, { method: 'POST', auth: true, schema: BatchView });

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
      const res = await fetch(`/api/batch/${id}/events`, {
        headers: {
          ...authHeaders(),
          Accept: 'text/event-stream',
          ...(last > 0 ? { 'Last-Event-ID': String(last) } : {}),
        },
        signal,
      });
      if (!res.ok || !res.body) throw new ApiError(res.status, undefined);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6))
            .join('\n');
          if (!data) continue;
          const event = BatchEvent.parse(JSON.parse(data));
          last = event.seq;
          onEvent(event);
        }
      }
    } catch (error) {
      if (signal.aborted) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) throw error;
      await sleep(2000);
    }
  }
}
