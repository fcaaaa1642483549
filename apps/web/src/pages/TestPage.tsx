import { useQuery } from '@tanstack/react-query';
import { Page, Section } from '../components/Page';
import { fetchHealth } from '../features/convert/api';
import { queryKeys } from '../lib/queryKeys';

/** Diagnostics for support: what this browser supports and whether the API answers. */
export default function TestPage() {
  const health = useQuery({ queryKey: queryKeys.health, queryFn: fetchHealth, retry: 0 });
  const checks: [string, boolean][] = [
    ['Web Workers (instant preview)', typeof Worker !== 'undefined'],
    ['OffscreenCanvas (instant preview)', typeof OffscreenCanvas !== 'undefined'],
    ['Service worker (install, offline shell)', 'serviceWorker' in navigator],
    [
      'Local storage (sign-in, settings)',
      (() => {
        try {
          localStorage.setItem('__t', '1');
          localStorage.removeItem('__t');
          return true;
        } catch {
          return false;
        }
      })(),
    ],
    ['Camera API', !!navigator.mediaDevices?.getUserMedia],
  ];
  return (
    <Page
      title="System check"
      lead="A quick look at what this browser supports and whether the Tracery API is reachable."
    >
      <Section title="Browser">
        <ul className="space-y-1">
          {checks.map(([label, ok]) => (
            <li key={label}>
              <span
                className={
                  ok
                    ? 'font-semibold text-emerald-800 dark:text-emerald-300'
                    : 'font-semibold text-red-800 dark:text-red-300'
                }
              >
                {ok ? 'OK' : 'Missing'}
              </span>{' '}
              {label}
            </li>
          ))}
        </ul>
      </Section>
      <Section title="API">
        {health.isLoading && <p>Checking...</p>}
        {health.isError && (
          <p className="text-red-800 dark:text-red-300">The API did not answer.</p>
        )}
        {health.data && (
          <p>
            {health.data.status.toUpperCase()}, version {health.data.version},{' '}
            {health.data.engines.length} engines.
          </p>
        )}
      </Section>
    </Page>
  );
}
