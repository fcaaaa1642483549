import { useState } from 'react';
import { SelectField } from '../../components/SelectField';
import { useQuery } from '@tanstack/react-query';
import { fetchOutbox } from './adminApi';
import { queryKeys } from '../../lib/queryKeys';

const STATUSES = ['', 'pending', 'sending', 'sent', 'failed'] as const;

/** The email outbox: who was sent what, and what did not go out (bodies are never shown). */
export function MailOutbox() {
  const [status, setStatus] = useState('');
  const { data, isError } = useQuery({
    queryKey: queryKeys.admin.outbox(status),
    queryFn: () => fetchOutbox(status),
    refetchInterval: 15_000,
  });
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          id="outbox-status"
          label="Status"
          value={status}
          onValue={setStatus}
          selectClass="mt-1 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s || 'all'}
            </option>
          ))}
        </SelectField>
        {data && (
          <p className="text-sm text-muted">
            Delivery: {data.delivery} · {data.total} message{data.total === 1 ? '' : 's'}
          </p>
        )}
      </div>
      {isError && <p className="text-red-800 dark:text-red-300">Could not load the outbox.</p>}
      {data && data.items.length === 0 && <p className="text-muted">No messages.</p>}
      {data && data.items.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th className="py-2 pr-4 font-medium">Queued</th>
                <th className="py-2 pr-4 font-medium">Recipient</th>
                <th className="py-2 pr-4 font-medium">Subject</th>
                <th className="py-2 pr-4 font-medium">Status</th>
                <th className="py-2 pr-4 font-medium">Attempts</th>
                <th className="py-2 font-medium">Last error</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((m) => (
                <tr key={m.id} className="border-t border-line align-top">
                  <td className="py-2 pr-4 whitespace-nowrap">
                    {new Date(m.created_at).toLocaleString()}
                  </td>
                  <td className="py-2 pr-4">{m.to_address}</td>
                  <td className="py-2 pr-4">{m.subject}</td>
                  <td className="py-2 pr-4">
                    {m.status}
                    {m.status === 'pending' && m.attempts > 0 && (
                      <span className="block text-xs text-muted">
                        retry {new Date(m.next_attempt_at).toLocaleTimeString()}
                      </span>
                    )}
                  </td>
                  <td className="py-2 pr-4">{m.attempts}</td>
                  <td className="py-2 text-red-800 dark:text-red-300">{m.last_error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
