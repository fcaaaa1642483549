import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  CLOUD_PROVIDER_NAMES,
  planOf,
  type CloudProvider,
  type CloudSave,
  type CloudSaveRequest,
} from '@tracery/contracts';
import { CloudIcon, SpinnerIcon } from '../../components/icons';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../auth/useAuth';
import { fetchConnections } from './cloudApi';
import { useCloudSave } from './useCloudSave';
import { OpenInCloud } from './OpenInCloud';

type Target =
  { conversion_id: string } | { batch_id: string; item_id?: string; as?: 'folder' | 'zip' };

/** The account's connections (shared by every Save button on a page). */
export function useCloudConnections() {
  const { user } = useAuth();
  return useQuery({
    queryKey: queryKeys.cloud.connections(user?.id),
    queryFn: fetchConnections,
    enabled: !!user,
    staleTime: 30_000,
  });
}

/**
 * "Save to …" for a finished result or batch: one button per connected provider, then the
 * save's progress and a link that opens the file in the provider. Free accounts see the plan
 * badge; accounts with nothing connected a link to connect.
 */
export function SaveToCloud({ target, label }: { target: Target; label?: string }) {
  const { data } = useCloudConnections();
  const { save, error, start } = useCloudSave();
  if (!data) return null;
  if (!data.allowed)
    return (
      <Link
        to="/pricing"
        className="inline-flex items-center self-center rounded-full border border-line px-2.5 py-1 text-xs font-semibold text-muted"
      >
        Save to cloud: {planOf(data.plan_required).name} plan
      </Link>
    );
  const connected = data.connections.filter((c) => c.state === 'connected');
  if (connected.length === 0)
    return (
      <Link to="/cloud-storage" className="text-sm font-semibold text-brand underline">
        Connect cloud storage
      </Link>
    );
  if (save) return <SaveStatus save={save} error={error} />;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {connected.map((c) => (
        <button
          key={c.provider}
          type="button"
          onClick={() => void start({ provider: c.provider, ...target } as CloudSaveRequest)}
          className="inline-flex items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm font-semibold hover:bg-canvas"
        >
          <CloudIcon size={16} />
          {label ?? 'Save to'} {c.name}
        </button>
      ))}
      {error && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

export function SaveStatus({ save, error }: { save: CloudSave; error?: string | null }) {
  const name = CLOUD_PROVIDER_NAMES[save.provider as CloudProvider];
  return (
    <p className="text-sm" role="status" data-testid="cloud-save-status" data-status={save.status}>
      {save.status === 'done' ? (
        <>
          Saved {save.name} to {name}.{' '}
          {save.link && <OpenInCloud href={save.link} provider={name} />}
        </>
      ) : save.status === 'reconnect' ? (
        <>
          {save.error ?? `Reconnect ${name}`}{' '}
          <Link to="/cloud-storage" className="font-semibold text-brand underline">
            Reconnect
          </Link>
        </>
      ) : save.status === 'failed' ? (
        <span className="text-red-800 dark:text-red-300">{save.error ?? 'The save failed'}</span>
      ) : (
        <span className="inline-flex items-center gap-2 text-muted">
          <SpinnerIcon size={14} /> Saving to {name}
          {save.files_total > 1 ? ` (${save.files_done} of ${save.files_total})` : ''}...
        </span>
      )}
      {error && <span className="ml-2 text-red-800 dark:text-red-300">{error}</span>}
    </p>
  );
}
