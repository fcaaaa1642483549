import { useEffect, useState } from 'react';
import type { PreviewRequest, PreviewResponse } from './preview.worker';

type Listener = (res: PreviewResponse) => void;

let worker: Worker | null = null;
const listeners = new Map<string, Listener>();

function getWorker(): Worker {
  if (!worker) {
    worker = new Worker(new URL('./preview.worker.ts', import.meta.url), {
      type: 'module',
      name: 'tracery-preview',
    });
    worker.onmessage = (e: MessageEvent<PreviewResponse>) => {
      listeners.get(e.data.id)?.(e.data);
      listeners.delete(e.data.id);
    };
    worker.onerror = () => {
      for (const [id, fn] of listeners) fn({ id, error: 'Preview worker failed' });
      listeners.clear();
      worker?.terminate();
      worker = null;
    };
  }
  return worker;
}

export type PreviewState =
  | { status: 'tracing' }
  | { status: 'done'; url: string; ms: number }
  | { status: 'unavailable'; reason: string };

/** Traces the file in a Web Worker with the engine's fast preset; no upload, no credits. */
export function usePreview(id: string, file: File): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'tracing' });

  useEffect(() => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
      setState({ status: 'unavailable', reason: 'This browser cannot trace in the background' });
      return;
    }
    let url: string | null = null;
    let alive = true;
    listeners.set(id, (res) => {
      if (!alive) return;
      if ('svg' in res) {
        url = URL.createObjectURL(new Blob([res.svg], { type: 'image/svg+xml' }));
        setState({ status: 'done', url, ms: res.ms });
      } else setState({ status: 'unavailable', reason: res.error });
    });
    getWorker().postMessage({ id, file } satisfies PreviewRequest);
    return () => {
      alive = false;
      listeners.delete(id);
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, file]);

  return state;
}
