import { useQuery } from '@tanstack/react-query';
import { ChatOverview } from '@tracery/contracts';
import { api } from '../../lib/api';

const fetchChatOverview = () => api('/admin/chat', { auth: true, schema: ChatOverview });

/** What people ask the assistant, and what it could not answer (so the docs get better). */
export function ChatAdmin() {
  const { data, isError } = useQuery({ queryKey: ['admin-chat'], queryFn: fetchChatOverview });
  if (isError) return <p className="text-red-800 dark:text-red-300">Could not load the chats.</p>;
  if (!data) return null;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div>
        <h3 className="mb-2 font-semibold">Could not answer (most asked first)</h3>
        {data.unanswered.length === 0 ? (
          <p className="text-muted">Every question so far found an answer.</p>
        ) : (
          <ol className="space-y-1 text-sm">
            {data.unanswered.map((u) => (
              <li key={u.question}>
                <span className="font-semibold">{u.count}×</span> {u.question}{' '}
                <span className="text-muted">
                  (last {new Date(u.last_asked_at).toLocaleDateString()})
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div>
        <h3 className="mb-2 font-semibold">Recent conversations</h3>
        {data.recent.length === 0 ? (
          <p className="text-muted">No conversations yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {data.recent.map((r) => (
              <li key={r.session_id}>
                {new Date(r.last_active_at).toLocaleString()} · {r.account_email ?? 'visitor'} ·{' '}
                {r.messages} messages
                {r.first_question && <span className="text-muted"> · “{r.first_question}”</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
