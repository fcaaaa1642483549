import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { planOf, type CloudConnection } from '@tracery/contracts';
import { toast } from 'sonner';
import { CloudIcon, SpinnerIcon } from '../../components/icons';
import { errorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';
import { chooseFolder, disconnectProvider, startConnect } from './cloudApi';

const STATE_LABEL: Record<CloudConnection['state'], string> = {
  not_configured: 'Not configured on this server',
  disconnected: 'Not connected',
  connected: 'Connected',
  reconnect: 'Reconnect needed',
};

/** One provider on /cloud-storage: connect, reconnect, choose the folder, disconnect. */
export function ConnectionCard({
  connection: c,
  allowed,
  planRequired,
}: {
  connection: CloudConnection;
  allowed: boolean;
  planRequired: string;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [folder, setFolder] = useState(c.subfolder ?? '');
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.cloud.all });

  async function connect() {
    setBusy(true);
    try {
      const { authorization_url } = await startConnect(c.provider);
      window.location.assign(authorization_url);
    } catch (e) {
      toast.error(errorMessage(e, `${c.name} could not be connected`));
      setBusy(false);
    }
  }

  async function disconnect() {
    setBusy(true);
    try {
      const { revoked } = await disconnectProvider(c.provider);
      toast.success(
        revoked
          ? `${c.name} disconnected; Tracery's access was revoked.`
          : `${c.name} disconnected; Tracery's tokens were deleted.`,
      );
      await refresh();
    } catch (e) {
      toast.error(errorMessage(e, `${c.name} could not be disconnected`));
    } finally {
      setBusy(false);
    }
  }

  async function saveFolder(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await chooseFolder(c.provider, folder.trim());
      await refresh();
      toast.success(`${c.name} folder saved`);
    } catch (e) {
      toast.error(errorMessage(e, 'The folder could not be saved'));
    } finally {
      setBusy(false);
    }
  }

  const linked = c.state === 'connected' || c.state === 'reconnect';
  return (
    <li
      data-testid={`cloud-${c.provider}`}
      data-state={c.state}
      className="flex flex-col gap-3 rounded-2xl border border-line bg-surface p-5"
    >
      <div className="flex items-center gap-3">
        <CloudIcon size={28} className="text-brand" />
        <div>
          <h2 className="text-lg font-semibold">{c.name}</h2>
          <p className="text-sm text-muted">{STATE_LABEL[c.state]}</p>
        </div>
      </div>
      {linked && (
        <dl className="text-sm">
          <dt className="text-muted">Account</dt>
          <dd className="break-all font-medium">{c.account}</dd>
          <dt className="mt-1 text-muted">Saves into</dt>
          <dd className="break-all font-medium">{c.folder}</dd>
        </dl>
      )}
      {c.state === 'reconnect' && (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          {c.name} no longer accepts Tracery&apos;s access. Reconnect to keep saving.
        </p>
      )}
      {c.state === 'connected' && (
        <form onSubmit={(e) => void saveFolder(e)} className="flex flex-wrap items-end gap-2">
          <label className="flex flex-1 flex-col text-sm">
            <span className="text-muted">Subfolder (empty: the Tracery folder itself)</span>
            <input
              value={folder}
              onChange={(e) => setFolder(e.target.value)}
              maxLength={100}
              className="mt-1 rounded-lg border border-line bg-surface px-3 py-2"
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg border border-line px-3 py-2 text-sm font-semibold disabled:opacity-50"
          >
            Save folder
          </button>
        </form>
      )}
      <div className="mt-auto flex flex-wrap gap-2">
        {(c.state === 'disconnected' || c.state === 'reconnect') &&
          (allowed ? (
            <button
              type="button"
              onClick={() => void connect()}
              disabled={busy}
              className="btn-primary inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold disabled:opacity-60"
            >
              {busy && <SpinnerIcon size={16} />}
              {c.state === 'reconnect' ? 'Reconnect' : 'Connect'} {c.name}
            </button>
          ) : (
            <Link
              to="/pricing"
              className="rounded-full border border-line px-3 py-1 text-sm font-semibold"
            >
              {planOf(planRequired).name} plan
            </Link>
          ))}
        {linked && (
          <button
            type="button"
            onClick={() => void disconnect()}
            disabled={busy}
            className="rounded-lg border border-line px-4 py-2 text-sm font-semibold disabled:opacity-50"
          >
            Disconnect
          </button>
        )}
      </div>
    </li>
  );
}
