import { Card, Page } from '../components/Page';
import { RequireUser } from '../components/RequireUser';
import { useHistory } from '../features/convert/HistoryTab';
import { usageStats } from '../features/convert/usageStats';
import { formatCredits } from '../features/convert/types';

export default function AnalyticsPage() {
  return <RequireUser title="Usage analytics">{() => <Analytics />}</RequireUser>;
}

function Analytics() {
  const { data, isLoading } = useHistory(100);
  const stats = usageStats(data?.conversions ?? []);
  const max = Math.max(1, ...stats.perDay.map(([, n]) => n));
  return (
    <Page
      wide
      title="Usage analytics"
      lead="Your own conversions, from the history kept on your account (latest 100)."
    >
      {isLoading ? (
        <p className="text-muted">Loading your conversions...</p>
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-3">
            <Card>
              <p className="text-sm text-muted">Conversions</p>
              <p className="mt-1 text-3xl font-bold">{stats.conversions}</p>
            </Card>
            <Card>
              <p className="text-sm text-muted">Completed</p>
              <p className="mt-1 text-3xl font-bold">{stats.completed}</p>
            </Card>
            <Card>
              <p className="text-sm text-muted">Credits used</p>
              <p className="mt-1 text-3xl font-bold">{formatCredits(stats.creditsUsed)}</p>
            </Card>
          </div>
          <Card>
            <h2 className="font-semibold">Conversions in the last 14 days</h2>
            <div
              className="mt-4 flex h-40 items-end gap-1.5"
              role="img"
              aria-label={`Daily conversions: ${stats.perDay.map(([d, n]) => `${d}: ${n}`).join(', ')}`}
            >
              {stats.perDay.map(([day, n]) => (
                <div key={day} className="flex h-full flex-1 flex-col items-center gap-1">
                  <div className="flex w-full flex-1 items-end">
                    <div
                      className="w-full rounded-t bg-brand"
                      style={{ height: `${(n / max) * 100}%`, minHeight: n > 0 ? 4 : 1 }}
                    />
                  </div>
                  <span className="text-[10px] text-muted">{day.slice(8)}</span>
                </div>
              ))}
            </div>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            <Breakdown title="By output format" data={stats.byFormat} upper />
            <Breakdown title="By engine" data={stats.byEngine} />
          </div>
        </div>
      )}
    </Page>
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
        <p className="mt-2 text-sm text-muted">No conversions yet</p>
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
