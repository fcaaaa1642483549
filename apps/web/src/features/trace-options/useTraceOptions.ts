import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../lib/queryKeys';
import { useDebounced } from '../../lib/useDebounced';
import { useAuth } from '../auth/useAuth';
import { useOnAccountLeft } from '../auth/useOnAccountLeft';
import { fetchTraceDefaults, saveTraceDefaults } from './api';
import { checkOptions, toOptionValues, type CheckedOptions, type OptionValues } from './fields';

export type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

export interface TraceOptionsState {
  values: OptionValues;
  setValue(name: string, value: string): void;
  setValues(values: OptionValues): void;
  checked: CheckedOptions;
  /** Whether the account's saved defaults are loaded (and changes are saved as new defaults). */
  saving: SaveState;
  signedIn: boolean;
}

/**
 * The Advanced panel's options: they start from the account's saved defaults and every valid
 * change becomes the new defaults (debounced). A visitor's options live on the page only.
 */
export function useTraceOptions(): TraceOptionsState {
  const { user } = useAuth();
  const userId = user?.id;
  const [values, setValues] = useState<OptionValues>({});
  const [saving, setSaving] = useState<SaveState>('idle');
  const loadedFor = useRef<string | null>(null);
  const lastSaved = useRef('');
  const defaults = useQuery({
    queryKey: queryKeys.traceDefaults(userId),
    queryFn: fetchTraceDefaults,
    enabled: Boolean(userId),
    staleTime: Infinity,
  });

  useEffect(() => {
    if (!userId || !defaults.data || loadedFor.current === userId) return;
    loadedFor.current = userId;
    const loaded = toOptionValues(defaults.data);
    const checked = checkOptions(loaded);
    lastSaved.current = checked.ok ? JSON.stringify(checked.options) : '';
    // An account without defaults keeps what its owner chose before signing in (and saves it).
    if (Object.keys(loaded).length > 0) setValues(loaded);
  }, [userId, defaults.data]);

  useOnAccountLeft(() => {
    loadedFor.current = null;
    setValues({});
    setSaving('idle');
  });

  const checked = useMemo(() => checkOptions(values), [values]);
  const settled = useDebounced(checked, 700);
  useEffect(() => {
    if (!userId || loadedFor.current !== userId || !settled.ok) return;
    const body = JSON.stringify(settled.options);
    if (body === lastSaved.current) return;
    lastSaved.current = body;
    setSaving('saving');
    saveTraceDefaults(settled.options).then(
      () => setSaving('saved'),
      () => {
        lastSaved.current = '';
        setSaving('failed');
      },
    );
  }, [settled, userId]);

  return {
    values,
    setValue: (name, value) => setValues((prev) => ({ ...prev, [name]: value })),
    setValues,
    checked,
    saving,
    signedIn: Boolean(userId),
  };
}
