import { useEffect, useState } from 'react';
import { cloudSaveTerminal, type CloudSave, type CloudSaveRequest } from '@tracery/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { createSave, fetchSave } from './cloudApi';

const POLL_MS = 1000;

/** Starts a save and follows it (progress, then the link) until it ends. */
export function useCloudSave() {
  const queryClient = useQueryClient();
  const [save, setSave] = useState<CloudSave | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!save || cloudSaveTerminal(save.status)) return;
    const timer = setTimeout(() => {
      fetchSave(save.id).then(
        (next) => {
          setSave(next);
          if (cloudSaveTerminal(next.status))
            void queryClient.invalidateQueries({ queryKey: queryKeys.cloud.all });
        },
        (e: unknown) => setError(errorMessage(e, 'Could not follow the save')),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [save, queryClient]);

  async function start(request: CloudSaveRequest) {
    setError(null);
    try {
      setSave(await createSave(request));
    } catch (e) {
      setError(errorMessage(e, 'The save could not start'));
    }
  }

  return { save, error, start };
}
