import { useQuery } from '@tanstack/react-query';
import { FORMATS, MESSAGES } from '@tracery/contracts';
import { trackException } from '../../lib/analytics';
import { useAuth } from '../auth/useAuth';
import { fetchHistory } from './api';
import { DownloadOrSave } from './DownloadButton';
import { formatCredits } from './types';
import { SpinnerIcon } from '../../components/icons';
import { ItemRow } from '../../components/ItemRow';
import { queryKeys } from '../../lib/queryKeys';

export function useHistory(pageSize = 20) {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.history.page(user?.id, pageSize),
    enabled: !!user,
    queryFn: async () => {
      try {
        return await fetchHistory(1, pageSize);
      } catch (error) {
        console.error(MESSAGES.historyFailed, error);
        trackException(MESSAGES.historyFailed);
        return { conversions: [], total: 0, page: 1, page_size: pageSize };
      }
    },
  });
}

export function HistoryTab() {
  const { user, openAuthDialog } = useAuth();
  const { data, isLoading } = useHistory();
  const conversions = data?.conversions ?? [];

  if (user && isLoading) {
    return (
      <p className="flex items-center gap-2 p-6 text-muted">
        <SpinnerIcon /> Loading your conversions...
      </p>
    );
  }
  if (conversions.length === 0) {
    return (
      <div className="rounded-2xl border border-line bg-surface p-8 text-center">
        <p className="text-lg font-semibold">{MESSAGES.noConversions}</p>
        {user ? (
          <p className="mt-1 text-sm text-muted">
            Your converted files will be listed here while they are kept.
          </p>
        ) : (
          <p className="mt-1 text-sm text-muted">
            <button
              type="button"
              className="font-semibold text-brand underline"
              onClick={() => openAuthDialog('signin')}
            >
              Log in to your account
            </button>{' '}
            to see the files you converted.
          </p>
        )}
      </div>
    );
  }
  return (
    <ul className="space-y-3" aria-label="Conversion history">
      {conversions.map((c) => (
        <ItemRow
          key={c.id}
          testId="history-item"
          className="gap-3 rounded-2xl border border-line bg-surface p-4"
          name={c.original_filename}
          details={`${new Date(c.created_at).toLocaleString()} · ${FORMATS[c.output_format].label} · ${c.engine_used} · ${formatCredits(c.credits_cost)}`}
        >
          {c.status === 'completed' && c.result_url ? (
            <div className="flex flex-wrap items-center gap-2">
              <DownloadOrSave conversion={{ ...c, result_url: c.result_url }} />
            </div>
          ) : (
            <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-semibold text-slate-800">
              {c.status === 'completed' ? 'Expired' : c.status}
            </span>
          )}
        </ItemRow>
      ))}
    </ul>
  );
}
