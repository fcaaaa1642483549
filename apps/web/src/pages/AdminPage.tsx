import { useQuery } from '@tanstack/react-query';
import { Card, Page } from '../components/Page';
import { RequireUser } from '../components/RequireUser';
import { isAdmin } from '../features/auth/useAuth';
import { fetchHealth } from '../features/convert/api';

export default function AdminPage() {
  return (
    <RequireUser title="Admin Panel">
      {(user) =>
        isAdmin(user) ? (
          <AdminHome />
        ) : (
          <Page
            title="Admin Panel"
            lead="This area is for Tracery administrators. Your account does not have the admin role."
          />
        )
      }
    </RequireUser>
  );
}

function AdminHome() {
  const { data, isError } = useQuery({ queryKey: ['health'], queryFn: fetchHealth });
  return (
    <Page
      wide
      title="Admin Panel"
      lead="Service health at a glance. Plan changes are made with the CLI: tracery admin set-plan <email> <plan>."
    >
      {isError && <p className="text-red-800">Health check failed.</p>}
      {data && (
        <div className="grid gap-4 md:grid-cols-3">
          <Card>
            <h2 className="font-semibold">Service</h2>
            <p className="mt-2 text-2xl font-bold uppercase">{data.status}</p>
            <p className="text-sm text-muted">version {data.version}</p>
          </Card>
          <Card>
            <h2 className="font-semibold">Database and queue</h2>
            <p className="mt-2 text-sm">
              Database: {data.database.dialect} ({data.database.status})
            </p>
            <p className="text-sm">
              Queue: {data.queue.kind} ({data.queue.status})
            </p>
          </Card>
          <Card>
            <h2 className="font-semibold">Engines</h2>
            <ul className="mt-2 text-sm">
              {data.engines.map((e) => (
                <li key={e.name}>
                  {e.name} ({e.tier}): {e.status}
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      <p className="mt-6 text-sm">
        API documentation:{' '}
        <a href="/api/docs" className="font-semibold text-brand underline">
          /api/docs
        </a>
      </p>
    </Page>
  );
}
