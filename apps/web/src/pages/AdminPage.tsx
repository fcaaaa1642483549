import { useQuery } from '@tanstack/react-query';
import { Page, Section } from '../components/Page';
import { AdminStatsCards } from '../features/admin/AdminStatsCards';
import { MailOutbox } from '../features/admin/MailOutbox';
import { ChatAdmin } from '../features/chat/ChatAdmin';
import { UserAdmin } from '../features/admin/UserAdmin';
import { RequireUser } from '../components/RequireUser';
import { isAdmin } from '../features/auth/useAuth';
import { fetchHealth } from '../features/convert/api';
import { queryKeys } from '../lib/queryKeys';

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
  const { data, isError } = useQuery({ queryKey: queryKeys.health, queryFn: fetchHealth });
  return (
    <Page
      wide
      title="Admin Panel"
      lead="Service figures, accounts, plans and credits. Every change here is recorded in the credit ledger."
    >
      {isError && <p className="text-red-800 dark:text-red-300">Health check failed.</p>}
      {data && (
        <p className="mb-6 text-sm text-muted">
          Service {data.status.toUpperCase()} · v{data.version} · database {data.database.dialect} (
          {data.database.status}) · queue {data.queue.kind} ({data.queue.status}) · engines{' '}
          {data.engines.map((e) => `${e.name} ${e.status}`).join(', ')} ·{' '}
          <a href="/api/docs" className="font-semibold text-brand underline">
            API docs
          </a>
        </p>
      )}
      <AdminStatsCards />
      <Section title="Accounts">
        <UserAdmin />
      </Section>
      <Section title="Email outbox">
        <MailOutbox />
      </Section>
      <Section title="Chat assistant">
        <ChatAdmin />
      </Section>
    </Page>
  );
}
