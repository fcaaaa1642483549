import { lazy, Suspense, useState } from 'react';
import type { UsageResponse } from '@tracery/contracts';
import { Card, Page } from '../components/Page';
import { RequireUser } from '../components/RequireUser';
import { useUsage } from '../features/analytics/useUsage';
import { formatCredits } from '../features/convert/types';
import { errorMessage } from '../lib/api';

const UsageCharts = lazy(() => import('../features/analytics/UsageCharts'));
const RANGES = [7, 30, 90, 365] as const;

export default function AnalyticsPage() {
  return <RequireUser title="Usage analytics">{() => <Analytics />}</RequireUser>;
}

function Analytics() {
  const [days, setDays] = useState<(typeof RANGES)[number]>(30);
  const { data, isLoading, error } = useUsage(days);
  return (
    <Page
      wide
      title="Usage analytics"
      lead="Your conversions and credits over time, by day (UTC), format and tier. Failed conversions are refunded and cost nothing."
    >
      <fieldset className="mb-6 flex flex-wrap items-center gap-2">
        <legend className="sr-only">Range</legend>
        {RANGES.map((n) => (
          <label
            key={n}
            className={`cursor-pointer rounded-full border px-3 py-1 text-sm ${n === days ? 'border-brand bg-brand-soft font-semibold text-brand' : 'border-line'}`}
          >
            <input
              type="radio"
              name="range"
              className="sr-only"
              checked={n === days}
              onChange={() => setDays(n)}
            />
            Last {n} days
          </label>
        ))}
      </fieldset>
      {error ? (
        <p role="alert" className="text-red-700">
          {errorMessage(error, 'Your usage could not be loaded. Please try again.')}
        </p>
      ) : isLoading || !data ? (
        <p className="text-muted">Loading your usage...</p>
      ) : (
        <Usage usage={data} />
      )}
    </Page>
  );
}

function Usage({ usage }: { usage: UsageResponse }) {
  const { totals } = usage;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-4">
        <Stat label="Conversions" value={totals.conversions} />
        <Stat label="Completed" value={totals.completed} />
        <Stat label="Failed (refunded)" value={totals.failed} />
        <Stat label="Credits used" value={formatCredits(totals.credits)} />
      </div>
      <Card>
        <Suspense fallback={<p className="text-muted">Drawing the charts...</p>}>
          <UsageCharts usage={usage} />
        </Suspense>
        <DayTable usage={usage} />
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        <Breakdown title="By output format" data={usage.by_format} upper />
        <Breakdown title="By quality tier" data={usage.by_tier} />
      </div>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Card>
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-3xl font-bold">{value}</p>
    </Card>
  );
}

/** The numbers behind the charts, for screen readers and anyone who wants them exactly. */
function DayTable({ usage }: { usage: UsageResponse }) {
  const days = usage.by_day.filter((d) => d.conversions > 0);
  return (
    <details className="mt-4">
      <summary className="cursor-pointer text-sm font-semibold text-brand">
        Show the numbers as a table ({days.length} days with conversions)
      </summary>
      <div className="mt-2 max-h-72 overflow-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">
            Conversions and credits per day from {usage.from} to {usage.to}
          </caption>
          <thead>
            <tr className="text-left text-muted">
              <th scope="col">Day (UTC)</th>
              <th scope="col">Conversions</th>
              <th scope="col">Completed</th>
              <th scope="col">Failed</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody>
            {days.map((d) => (
              <tr key={d.date} className="border-t border-line">
                <th scope="row" className="font-normal">
                  {d.date}
                </th>
                <td>{d.conversions}</td>
                <td>{d.completed}</td>
                <td>{d.failed}</td>
                <td>{formatCredits(d.credits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

function Breakdown({
  title,
  data,
  upper,
}: {
  title: string;
  data: Record<string, number>;
  upper?: boolean;
}) {
  const entries = Object.entries(data).sort((a, b) => b[1] - a[1]);
  const total = entries.reduce((s, [, n]) => s + n, 0) || 1;
  return (
    <Card>
      <h2 className="font-semibold">{title}</h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-muted">No conversions in this range</p>
      ) : (
        <ul className="mt-3 space-y-2">
          {entries.map(([k, n]) => (
            <li key={k}>
              <div className="flex justify-between text-sm">
                <span>{upper ? k.toUpperCase() : k}</span>
                <span className="text-muted">{n}</span>
              </div>
              <div className="mt-1 h-2 rounded-full bg-canvas">
                <div
                  className="h-2 rounded-full bg-brand"
                  style={{ width: `${(n / total) * 100}%` }}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
