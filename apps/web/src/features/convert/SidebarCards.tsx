import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PLANS, isLowCredit, type User } from '@tracery/contracts';
import { AlertIcon, CheckIcon, ShieldIcon } from '../../components/icons';
import { fetchHealth } from './api';
import { formatCredits } from './types';
import { queryKeys } from '../../lib/queryKeys';
import { Panel } from '../../components/Panel';

export function AccountCard({ user }: { user: User | null }) {
  if (!user) {
    return (
      <Panel headingId="account-heading" title="Free trial">
        <p className="mt-1 text-sm text-muted">
          Create a free account for 25 conversions every month. You can queue files and see the
          instant preview without one.
        </p>
      </Panel>
    );
  }
  return (
    <Panel headingId="account-heading" title="Your credits">
      <p className="mt-1 text-3xl font-bold">{formatCredits(user.credits_remaining)}</p>
      <p className="text-sm text-muted">{user.subscription_tier.toUpperCase()} plan</p>
    </Panel>
  );
}

export function LowCreditWarning({ credits }: { credits: number }) {
  if (!isLowCredit(credits)) return null;
  return (
    <div
      role="status"
      data-testid="low-credit-warning"
      className="flex gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <AlertIcon className="mt-0.5 shrink-0" />
      <p className="text-sm">
        <strong>Running low on credits:</strong> {formatCredits(credits)} left this month.{' '}
        <Link to="/pricing" className="font-semibold underline">
          Top up with a plan
        </Link>
        .
      </p>
    </div>
  );
}

export function UpgradeCard() {
  const pro = PLANS.professional;
  return (
    <section
      aria-labelledby="upgrade-heading"
      data-testid="upgrade-card"
      className="rounded-2xl bg-gradient-to-br from-indigo-700 to-indigo-900 p-5 text-white"
    >
      <h2 id="upgrade-heading" className="text-lg font-semibold">
        Upgrade to {pro.name}
      </h2>
      <ul className="mt-2 space-y-1 text-sm text-indigo-50">
        <li>{pro.monthlyCredits} credits a month</li>
        <li>EPS and DXF output</li>
        <li>Files up to {pro.maxFileBytes / (1024 * 1024)} MB, kept 7 days</li>
        <li>No advertisements</li>
      </ul>
      <Link
        to="/pricing"
        className="mt-4 inline-block rounded-lg bg-white px-4 py-2 text-sm font-semibold text-indigo-900 hover:bg-indigo-50"
      >
        See plans from ${PLANS.basic.priceCents / 100}/month
      </Link>
    </section>
  );
}

export function SystemStatusCard() {
  const { data, isError, isLoading } = useQuery({
    queryKey: queryKeys.health,
    queryFn: fetchHealth,
    refetchInterval: 60_000,
    retry: 1,
  });
  return (
    <Panel headingId="status-heading" title="System status" testId="system-status">
      {isLoading && <p className="mt-2 text-sm text-muted">Checking...</p>}
      {isError && (
        <p className="mt-2 text-sm text-red-800 dark:text-red-300">Status unavailable right now.</p>
      )}
      {data && (
        <ul className="mt-2 space-y-1.5 text-sm">
          {data.engines.map((e) => (
            <StatusRow
              key={e.name}
              ok={e.status === 'online' || e.status === 'ok'}
              label={`${e.name} engine (${e.tier})`}
              status={e.status}
            />
          ))}
          <li className="flex items-start gap-2">
            <ShieldIcon
              size={16}
              className={`mt-0.5 shrink-0 ${data.upload_screening.status === 'active' ? 'text-emerald-700' : 'text-amber-700'}`}
            />
            <span>
              Upload screening: {data.upload_screening.status}
              {data.upload_screening.checks.length > 0 && (
                <span className="block text-xs text-muted">
                  {data.upload_screening.checks.join(', ')}
                </span>
              )}
            </span>
          </li>
          <li className="pt-1 text-xs text-muted">
            {data.engines.filter((e) => e.status === 'online' || e.status === 'ok').length} engines
            online · v{data.version}
          </li>
        </ul>
      )}
    </Panel>
  );
}

function StatusRow({ ok, label, status }: { ok: boolean; label: string; status: string }) {
  return (
    <li className="flex items-center gap-2">
      {ok ? (
        <CheckIcon size={16} className="text-emerald-700" />
      ) : (
        <AlertIcon size={16} className="text-amber-700" />
      )}
      <span>
        {label}: {status}
      </span>
    </li>
  );
}
