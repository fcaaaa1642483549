import { cloudSaveTerminal, type CloudSaveRequest } from '@tracery/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { createSave, fetchSave } from './cloudApi';

const POLL_MS = 1000;

/** Starts a save and follows it (progress, then the link) until it ends. */
export function useCloudSave() {
  const queryClient = useQueryClient();
  const started = useMutation({ mutationFn: createSave });
  const first = started.data;
  const followed = useQuery({
    queryKey: queryKeys.cloudSave(first?.id ?? ''),
    queryFn: async () => {
      const next = await fetchSave(first!.id);
      if (cloudSaveTerminal(next.status))
        void queryClient.invalidateQueries({ queryKey: queryKeys.cloud.all });
      return next;
    },
    initialData: first,
    enabled: Boolean(first && !cloudSaveTerminal(first.status)),
    // Asks again a second after each answer until the save ends; a failed question stops it.
    refetchInterval: (query) =>
      query.state.status === 'error' ||
      (query.state.data && cloudSaveTerminal(query.state.data.status))
        ? false
        : POLL_MS,
    retry: false,
  });

  const error = started.error
    ? errorMessage(started.error, 'The save could not start')
    : followed.error
      ? errorMessage(followed.error, 'Could not follow the save')
      : null;
  return {
    save: followed.data ?? first ?? null,
    error,
    start: (request: CloudSaveRequest) => started.mutate(request),
  };
}
