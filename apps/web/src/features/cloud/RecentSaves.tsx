import { useQuery } from '@tanstack/react-query';
import { ItemRow } from '../../components/ItemRow';
import { CLOUD_PROVIDER_NAMES, cloudSaveTerminal, type CloudProvider } from '@tracery/contracts';
import { queryKeys } from '../../lib/queryKeys';
import { OpenInCloud } from './OpenInCloud';
import { useAuth } from '../auth/useAuth';
import { fetchSaves } from './cloudApi';

const STATUS_LABEL = {
  queued: 'Waiting',
  uploading: 'Uploading',
  done: 'Saved',
  failed: 'Failed',
  reconnect: 'Reconnect needed',
} as const;

/** The account's latest saves with their status and link (refreshed while any is running). */
export function RecentSaves() {
  const { user } = useAuth();
  const { data } = useQuery({
    queryKey: queryKeys.cloud.saves(user?.id),
    queryFn: fetchSaves,
    enabled: !!user,
    refetchInterval: (query) =>
      query.state.data?.saves.some((s) => !cloudSaveTerminal(s.status)) ? 2000 : false,
  });
  if (!data) return null;
  if (data.saves.length === 0)
    return (
      <p className="text-sm text-muted">
        Nothing saved yet. Finished results on the converter, in your History and on the batch page
        have a Save to button once a provider is connected.
      </p>
    );
  return (
    <ul
      className="divide-y divide-line rounded-2xl border border-line bg-surface"
      aria-label="Latest saves"
    >
      {data.saves.map((s) => {
        const name = CLOUD_PROVIDER_NAMES[s.provider as CloudProvider];
        return (
          <ItemRow
            key={s.id}
            testId="cloud-save"
            className="gap-2 p-3 text-sm"
            name={s.name}
            details={`${name} · ${new Date(s.created_at).toLocaleString()}${s.files_total > 1 ? ` · ${s.files_done} of ${s.files_total} files` : ''}`}
            detailsClass="text-muted"
            below={
              s.error &&
              s.status !== 'done' && <p className="text-red-800 dark:text-red-300">{s.error}</p>
            }
          >
            <div className="flex items-center gap-3">
              <span className="rounded-full bg-canvas px-2.5 py-1 text-xs font-semibold">
                {STATUS_LABEL[s.status]}
              </span>
              {s.status === 'done' && s.link && <OpenInCloud href={s.link} provider={name} />}
            </div>
          </ItemRow>
        );
      })}
    </ul>
  );
}
