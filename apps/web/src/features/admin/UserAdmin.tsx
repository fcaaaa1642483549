import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PLAN_IDS, type PlanId, type User, planOf } from '@tracery/contracts';
import { toast } from 'sonner';
import { formatCredits } from '../convert/types';
import { grantCredits, searchUsers, setUserPlan } from './adminApi';
import { queryKeys } from '../../lib/queryKeys';
import { Button } from '../../components/Button';
import { SelectField } from '../../components/SelectField';
import { TextField } from '../../components/TextField';
import { useApiAction } from '../../lib/useApiAction';

const field = 'rounded-lg border border-line bg-surface px-3 py-2 text-ink';

/** Find accounts and change their plan or credits. */
export function UserAdmin() {
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  const { data, isFetching } = useQuery({
    queryKey: queryKeys.admin.users(query),
    queryFn: () => searchUsers(query),
  });

  return (
    <div className="space-y-4">
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(input.trim());
        }}
        className="flex flex-wrap items-end gap-3"
      >
        <div>
          <label htmlFor="admin-search" className="block text-sm font-medium">
            Email or name
          </label>
          <input
            id="admin-search"
            type="search"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            className={`mt-1 ${field}`}
          />
        </div>
        <Button size="md" type="submit">
          Search
        </Button>
        {isFetching && <span className="text-sm text-muted">Searching...</span>}
      </form>
      {data && data.users.length === 0 && <p className="text-muted">No accounts match.</p>}
      <ul className="space-y-3">
        {data?.users.map((u) => (
          <UserRow key={u.id} user={u} />
        ))}
      </ul>
    </div>
  );
}

function UserRow({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<PlanId>(user.plan_id);
  const [credits, setCredits] = useState('');
  const [reason, setReason] = useState('');
  const { busy, run: call } = useApiAction();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  };

  const run = (action: () => Promise<User>, done: string) =>
    call('The change failed', async () => {
      await action();
      toast.success(done);
      refresh();
    });

  function onGrant(e: FormEvent) {
    e.preventDefault();
    const n = Number(credits);
    if (!Number.isFinite(n) || n === 0)
      return void toast.error('Enter a non-zero number of credits');
    void run(
      () => grantCredits(user.id, n, reason.trim()),
      `Credits updated for ${user.email}`,
    ).then(() => {
      setCredits('');
      setReason('');
    });
  }

  const id = user.id.slice(0, 8);
  return (
    <li className="rounded-2xl border border-line bg-surface p-4">
      <p className="font-semibold">
        {user.name} <span className="font-normal text-muted">{user.email}</span>
      </p>
      <p className="text-sm text-muted">
        {planOf(user.plan_id).name} · {formatCredits(user.credits_remaining)} · {user.role} · since{' '}
        {new Date(user.created_at).toLocaleDateString()}
      </p>
      <div className="mt-3 flex flex-wrap items-end gap-6">
        <div className="flex items-end gap-2">
          <SelectField<PlanId>
            id={`plan-${id}`}
            label="Plan"
            value={plan}
            onValue={setPlan}
            selectClass={`mt-1 ${field}`}
          >
            {PLAN_IDS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </SelectField>
          <button
            type="button"
            disabled={busy || plan === user.plan_id}
            onClick={() =>
              void run(() => setUserPlan(user.id, plan), `${user.email} moved to ${plan}`)
            }
            className="rounded-lg border border-line px-3 py-2 text-sm font-semibold disabled:opacity-50"
          >
            Change plan
          </button>
        </div>
        <form onSubmit={onGrant} className="flex flex-wrap items-end gap-2">
          <TextField
            id={`credits-${id}`}
            label="Credits (+/-)"
            type="number"
            step="0.01"
            required
            value={credits}
            onValue={setCredits}
            inputClass={`mt-1 w-28 ${field}`}
          />
          <TextField
            id={`reason-${id}`}
            label="Reason"
            required
            minLength={3}
            maxLength={200}
            value={reason}
            onValue={setReason}
            inputClass={`mt-1 ${field}`}
          />
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg border border-line px-3 py-2 text-sm font-semibold disabled:opacity-50"
          >
            Apply credits
          </button>
        </form>
      </div>
    </li>
  );
}
