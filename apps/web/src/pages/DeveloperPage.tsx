import { Link } from 'react-router';
import { Page, Section } from '../components/Page';
import { API_ERROR_STATUSES, API_GROUPS } from '@tracery/contracts';
import { useStructuredData } from '../lib/useStructuredData';
import { ApiKeys } from '../features/developer/ApiKeys';
import { Table } from '../components/Table';

const CURL = `# 1. Get a token
curl -s https://YOUR-HOST/api/auth/login \\
  -H 'Content-Type: application/json' \\
  -d '{"email":"you@example.com","password":"..."}'

# 2. Convert an image
curl -s https://YOUR-HOST/api/convert/upload \\
  -H "Authorization: Bearer $TOKEN" \\
  -F file=@logo.png -F output_format=svg -F quality_tier=standard

# 3. Download the result (result_url from step 2)
curl -s -H "Authorization: Bearer $TOKEN" -o logo.svg https://YOUR-HOST/api/convert/<id>/download`;

export default function DeveloperPage() {
  useStructuredData({
    '@context': 'https://schema.org',
    '@type': 'WebAPI',
    name: 'Tracery API',
    documentation: '/api/docs',
  });
  return (
    <Page
      title="Developer API"
      metaTitle="Developer API: image to vector conversion"
      lead="Every conversion the web app makes goes through the same JSON API. Authenticate with a bearer token and convert from any language."
    >
      <Section title="Quick start">
        <p>
          Requests and answers are JSON, except the upload (multipart form data) and the download
          (the vector file). Errors answer with a status code and a JSON body with a detail message.
        </p>
        <pre className="overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm text-slate-100">
          <code>{CURL}</code>
        </pre>
        <p>
          The interactive OpenAPI reference with every field is served at{' '}
          <a href="/api/docs" className="font-semibold text-brand underline">
            /api/docs
          </a>
          . Automated and high-volume use is included in the{' '}
          <Link to="/pricing/business" className="font-semibold text-brand underline">
            Business plan
          </Link>
          .
        </p>
      </Section>
      {API_GROUPS.map((g) => (
        <Section key={g.title} title={g.title}>
          <ul className="space-y-3">
            {g.endpoints.map((e) => (
              <li key={e.method + e.path} className="rounded-xl border border-line bg-surface p-4">
                <p className="font-mono text-sm break-all">
                  <span
                    className={`mr-2 rounded px-1.5 py-0.5 text-xs font-bold ${e.method === 'GET' ? 'bg-emerald-100 text-emerald-900' : e.method === 'DELETE' ? 'bg-red-100 text-red-900' : 'bg-indigo-100 text-indigo-900'}`}
                  >
                    {e.method}
                  </span>
                  {e.path}
                </p>
                <p className="mt-2">{e.summary}</p>
                <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-[7rem_1fr]">
                  <dt className="text-muted">Auth</dt>
                  <dd>{e.auth ? 'Bearer token' : 'None'}</dd>
                  {e.body && (
                    <>
                      <dt className="text-muted">Body</dt>
                      <dd className="font-mono text-xs break-words">{e.body}</dd>
                    </>
                  )}
                  <dt className="text-muted">Returns</dt>
                  <dd className="font-mono text-xs break-words">{e.returns}</dd>
                </dl>
              </li>
            ))}
          </ul>
        </Section>
      ))}
      <Section title="API keys">
        <p>
          Scripts authenticate with an API key instead of a password: send it as{' '}
          <code className="font-mono">Authorization: Bearer trc_…</code> or{' '}
          <code className="font-mono">X-API-Key</code>. The versioned endpoints live under{' '}
          <code className="font-mono">/api/v1/convert</code>, with the same fields as{' '}
          <code className="font-mono">/api/convert</code>.
        </p>
        <ApiKeys />
      </Section>
      <Section title="Errors">
        <Table
          head={['Status', 'Meaning']}
          rows={API_ERROR_STATUSES}
          className="w-full text-left text-sm"
          firstCellClass="font-mono"
        />
      </Section>
    </Page>
  );
}
