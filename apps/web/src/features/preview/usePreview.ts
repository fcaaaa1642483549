import { useEffect, useRef, useState } from 'react';
import type { ConversionOptions } from '@tracery/contracts';
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
  | { status: 'done'; url: string; ms: number; updating: boolean }
  | { status: 'unavailable'; reason: string };

let runs = 0;

/**
 * Traces the file in a Web Worker with the engine's fast preset and the asked options; no
 * upload, no credits. New options trace again, showing the previous drawing meanwhile.
 */
export function usePreview(id: string, file: File, options: ConversionOptions = {}): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'tracing' });
  const optionsKey = JSON.stringify(options);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (typeof Worker === 'undefined' || typeof OffscreenCanvas === 'undefined') {
      setState({ status: 'unavailable', reason: 'This browser cannot trace in the background' });
      return;
    }
    const run = `${id}:${++runs}`;
    let alive = true;
    setState((prev) => (prev.status === 'done' ? { ...prev, updating: true } : prev));
    listeners.set(run, (res) => {
      if (!alive) return;
      if ('svg' in res) {
        const url = URL.createObjectURL(new Blob([res.svg], { type: 'image/svg+xml' }));
        if (shown.current) URL.revokeObjectURL(shown.current);
        shown.current = url;
        setState({ status: 'done', url, ms: res.ms, updating: false });
      } else setState({ status: 'unavailable', reason: res.error });
    });
    getWorker().postMessage({
      id: run,
      file,
      options: JSON.parse(optionsKey) as ConversionOptions,
    } satisfies PreviewRequest);
    return () => {
      alive = false;
      listeners.delete(run);
    };
  }, [id, file, optionsKey]);

  // The last drawing's URL goes with the component.
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );

  return state;
}
