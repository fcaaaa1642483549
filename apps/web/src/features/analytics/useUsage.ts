import { UsageResponse } from '@tracery/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../auth/useAuth';

const DAY_MS = 86_400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The signed-in account's usage over the last `days` UTC days, from the server. */
export function useUsage(days: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.usage(user?.id, days),
    enabled: Boolean(user),
    queryFn: () => {
      const now = Date.now();
      const query = `from=${day(now - (days - 1) * DAY_MS)}&to=${day(now)}`;
      return api(`/analytics/usage?${query}`, { auth: true, schema: UsageResponse });
    },
  });
}
