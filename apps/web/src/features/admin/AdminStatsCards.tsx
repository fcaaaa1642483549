import { useQuery } from '@tanstack/react-query';
import { Card } from '../../components/Page';
import { formatCredits } from '../convert/types';
import { fetchStats } from './adminApi';
import { queryKeys } from '../../lib/queryKeys';

export function AdminStatsCards() {
  const { data, isError } = useQuery({ queryKey: queryKeys.admin.stats, queryFn: fetchStats });
  if (isError)
    return <p className="text-red-800 dark:text-red-300">Service figures unavailable.</p>;
  if (!data) return <p className="text-muted">Loading figures...</p>;
  const users = Object.entries(data.users_by_plan);
  const conversions = Object.entries(data.conversions_by_status);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <Card>
        <h2 className="font-semibold">Accounts by plan</h2>
        <ul className="mt-2 space-y-1 text-sm">
          {users.map(([plan, n]) => (
            <li key={plan} className="flex justify-between">
              <span>{plan}</span>
              <span className="font-semibold">{n}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <h2 className="font-semibold">Conversions</h2>
        <table className="mt-2 w-full text-left text-sm">
          <thead>
            <tr className="text-muted">
              <th scope="col" className="font-normal">
                Status
              </th>
              <th scope="col" className="text-right font-normal">
                24 h
              </th>
              <th scope="col" className="text-right font-normal">
                7 days
              </th>
              <th scope="col" className="text-right font-normal">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {conversions.map(([status, c]) => (
              <tr key={status}>
                <th scope="row" className="font-normal">
                  {status}
                </th>
                <td className="text-right">{c.last_day}</td>
                <td className="text-right">{c.last_week}</td>
                <td className="text-right font-semibold">{c.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
      <Card>
        <h2 className="font-semibold">Credits spent, last 7 days</h2>
        <p className="mt-2 text-3xl font-bold">{formatCredits(data.credits_spent_last_week)}</p>
      </Card>
    </div>
  );
}
