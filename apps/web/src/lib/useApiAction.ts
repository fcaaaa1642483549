import { useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from './api';

/**
 * A component's calls to the API, one at a time, by what each acts on: `busy` is the key of the
 * running call (null when none); `run(key, failure, call)` runs `call` under `key`, and a call
 * that fails is toasted with the server's detail, or with `failure` when there is none.
 */
export function useApiActions<K>() {
  const [busy, setBusy] = useState<K | null>(null);
  async function run(key: K, failure: string, call: () => Promise<unknown>) {
    setBusy(key);
    try {
      await call();
    } catch (error) {
      toast.error(errorMessage(error, failure));
    } finally {
      setBusy(null);
    }
  }
  return { busy, run };
}

/** useApiActions for a component with a single kind of call: `busy` while it runs. */
export function useApiAction() {
  const { busy, run } = useApiActions<true>();
  return {
    busy: busy !== null,
    run: (failure: string, call: () => Promise<unknown>) => run(true, failure, call),
  };
}
