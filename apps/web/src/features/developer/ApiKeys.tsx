import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiKeyList, CreatedApiKey, planOf, type ApiKeyInfo } from '@tracery/contracts';
import { toast } from 'sonner';
import { api, errorMessage } from '../../lib/api';
import { useAuth } from '../auth/useAuth';
import { queryKeys } from '../../lib/queryKeys';
import { Button } from '../../components/Button';
import { useApiAction } from '../../lib/useApiAction';

const listKeys = () => api('/developer/keys', { auth: true, schema: ApiKeyList });
const createKey = (name: string) =>
  api('/developer/keys', { auth: true, body: { name }, schema: CreatedApiKey });
const revokeKey = (id: string) =>
  api<void>(`/developer/keys/${encodeURIComponent(id)}`, { method: 'DELETE', auth: true });

/** The signed-in user's API keys: create (the secret is shown once), list and revoke. */
export function ApiKeys() {
  const { user, openAuthDialog } = useAuth();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: queryKeys.apiKeys, queryFn: listKeys, enabled: !!user });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ key: string; webhook_secret: string } | null>(null);
  const { busy, run } = useApiAction();

  if (!user) {
    return (
      <p>
        <button
          type="button"
          onClick={() => openAuthDialog('signin')}
          className="font-semibold text-brand underline"
        >
          Log in to your account
        </button>{' '}
        to manage API keys.
      </p>
    );
  }
  const plan = planOf(user.plan_id);

  async function onCreate(e: FormEvent) {
    e.preventDefault();
    await run('Could not create the key', async () => {
      const res = await createKey(name.trim());
      setCreated({ key: res.key, webhook_secret: res.webhook_secret });
      setName('');
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    });
  }

  async function onRevoke(key: ApiKeyInfo) {
    try {
      await revokeKey(key.id);
      toast.success(`Key "${key.name}" revoked`);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not revoke the key'));
    }
  }

  return (
    <div className="space-y-4">
      {!plan.api && (
        <p className="rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
          API keys are part of the Business plan; your {plan.name} plan can use the API with the
          token of a signed-in session.
        </p>
      )}
      <form onSubmit={onCreate} className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="key-name" className="block text-sm font-medium">
            Key name
          </label>
          <input
            id="key-name"
            required
            maxLength={80}
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="e.g. nightly import"
            className="mt-1 rounded-lg border border-line bg-surface px-3 py-2 text-ink placeholder:text-slate-500"
          />
        </div>
        <Button type="submit" size="md" busy={busy} busyLabel="Processing...">
          Create key
        </Button>
      </form>
      {created && (
        <div
          role="status"
          className="rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-emerald-950"
        >
          <p className="text-sm font-semibold">Copy your new key now; it is not shown again.</p>
          <code className="mt-1 block font-mono text-sm break-all">{created.key}</code>
          <p className="mt-2 text-sm font-semibold">
            Webhook secret (checks the Tracery-Signature header of this key&apos;s webhooks):
          </p>
          <code className="mt-1 block font-mono text-sm break-all">{created.webhook_secret}</code>
        </div>
      )}
      {data && data.keys.length > 0 && (
        <ul className="divide-y divide-line rounded-xl border border-line bg-surface">
          {data.keys.map((k) => (
            <li
              key={k.id}
              className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm"
            >
              <span>
                <span className="font-medium">{k.name}</span>{' '}
                <code className="font-mono text-muted">{k.prefix}…</code>
                <span className="block text-xs text-muted">
                  Created {new Date(k.created_at).toLocaleDateString()} ·{' '}
                  {k.last_used_at
                    ? `last used ${new Date(k.last_used_at).toLocaleDateString()}`
                    : 'never used'}
                </span>
              </span>
              <button
                type="button"
                onClick={() => void onRevoke(k)}
                aria-label={`Revoke key ${k.name}`}
                className="rounded-lg border border-line px-3 py-1.5 font-semibold"
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
