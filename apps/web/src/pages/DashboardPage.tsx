import { Link } from 'react-router';
import { FORMATS, planOf } from '@tracery/contracts';
import { Card, Page } from '../components/Page';
import { RequireUser } from '../components/RequireUser';
import { LinkCards } from '../components/LinkCards';
import { useHistory } from '../features/convert/HistoryTab';
import { LowCreditWarning } from '../features/convert/SidebarCards';
import { formatCredits } from '../features/convert/types';

const SHORTCUTS = [
  { to: '/convert', title: 'Convert an image', text: 'One file with instant preview.' },
  { to: '/batch', title: 'Batch conversion', text: 'Many files, same settings.' },
  { to: '/analytics', title: 'Usage analytics', text: 'Credits and formats over time.' },
  { to: '/account', title: 'Account and plan', text: 'Upgrade, billing and profile.' },
];

export default function DashboardPage() {
  return (
    <RequireUser title="Dashboard">
      {(user) => (
        <Dashboard name={user.name} credits={user.credits_remaining} planId={user.plan_id} />
      )}
    </RequireUser>
  );
}

function Dashboard({ name, credits, planId }: { name: string; credits: number; planId: string }) {
  const { data } = useHistory(5);
  const plan = planOf(planId);
  const recent = data?.conversions ?? [];
  return (
    <Page wide title={`Welcome back, ${name}`} metaTitle="Dashboard">
      <div className="space-y-6">
        <LowCreditWarning credits={credits} />
        <div className="grid gap-4 sm:grid-cols-3">
          <Card>
            <p className="text-sm text-muted">Credits left</p>
            <p className="mt-1 text-3xl font-bold">{formatCredits(credits)}</p>
          </Card>
          <Card>
            <p className="text-sm text-muted">Plan</p>
            <p className="mt-1 text-3xl font-bold">{plan.name}</p>
            <p className="text-sm text-muted">{plan.monthlyCredits} credits a month</p>
          </Card>
          <Card>
            <p className="text-sm text-muted">Conversions on record</p>
            <p className="mt-1 text-3xl font-bold">{data?.total ?? '—'}</p>
          </Card>
        </div>
        <section aria-labelledby="shortcuts">
          <h2 id="shortcuts" className="text-xl font-semibold">
            Shortcuts
          </h2>
          <LinkCards cards={SHORTCUTS} className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" />
        </section>
        <section aria-labelledby="recent">
          <h2 id="recent" className="text-xl font-semibold">
            Recent conversions
          </h2>
          {recent.length === 0 ? (
            <p className="mt-2 text-muted">No conversions yet</p>
          ) : (
            <ul className="mt-3 divide-y divide-line rounded-2xl border border-line bg-surface">
              {recent.map((c) => (
                <li key={c.id} className="flex justify-between gap-3 p-3 text-sm">
                  <span className="truncate font-medium">{c.original_filename}</span>
                  <span className="shrink-0 text-muted">
                    {FORMATS[c.output_format].label} · {new Date(c.created_at).toLocaleDateString()}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Link to="/convert" className="mt-3 inline-block font-semibold text-brand underline">
            See the full history in the converter
          </Link>
        </section>
      </div>
    </Page>
  );
}
