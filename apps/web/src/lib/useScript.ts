import { useEffect, useState } from 'react';
import { loadScript, type ScriptStatus } from './loadScript';

/** Loads a third-party script and reports initial → pending → resolved | rejected. */
export function useScript(src: string | null, attrs?: Record<string, string>): ScriptStatus {
  const [status, setStatus] = useState<ScriptStatus>(src ? 'pending' : 'initial');
  useEffect(() => {
    if (!src) {
      setStatus('initial');
      return;
    }
    let alive = true;
    setStatus('pending');
    loadScript(src, attrs).then(
      () => alive && setStatus('resolved'),
      () => alive && setStatus('rejected'),
    );
    return () => {
      alive = false;
    };
  }, [src, attrs]);
  return status;
}
