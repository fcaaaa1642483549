import { useEffect, useRef, useState } from 'react';
import type { BatchEvent, BatchView } from '@tracery/contracts';
import { errorMessage } from '../../lib/api';
import { fetchBatch, followBatchEvents } from './api';

/** Applies one event to the view: the item it names, the totals and the batch status. */
function apply(view: BatchView, event: BatchEvent): BatchView {
  if (event.seq <= view.last_event_id) return view;
  const item = event.item;
  return {
    ...view,
    status: event.status,
    totals: event.totals,
    last_event_id: event.seq,
    items: item ? view.items.map((i) => (i.id === item.id ? item : i)) : view.items,
  };
}

/**
 * A server batch, live: loaded once, then kept current from its event stream (resumed from the
 * view's last event after a reload); reloaded when the stream ends, for the final figures.
 * `follow()` starts over after the batch was re-opened (a retried item).
 */
export function useBatch(id: string | null, onSettled: () => void) {
  const [view, setView] = useState<BatchView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const shown = useRef<string | null>(null);
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    // A new batch starts blank; the same one followed again keeps what it shows meanwhile.
    if (shown.current !== id) setView(null);
    shown.current = id;
    setError(null);
    if (!id) return;
    const abort = new AbortController();
    void (async () => {
      try {
        const first = await fetchBatch(id);
        if (abort.signal.aborted) return;
        setView(first);
        await followBatchEvents(
          id,
          first.last_event_id,
          (event) => setView((v) => (v ? apply(v, event) : v)),
          abort.signal,
        );
        if (abort.signal.aborted) return;
        setView(await fetchBatch(id));
        settled.current();
      } catch (e) {
        if (!abort.signal.aborted) setError(errorMessage(e, 'This batch could not be loaded'));
      }
    })();
    return () => abort.abort();
  }, [id, round]);

  return { view, setView, error, follow: () => setRound((r) => r + 1) };
}
