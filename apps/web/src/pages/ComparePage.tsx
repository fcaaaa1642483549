import { Link, useParams } from 'react-router';
import { Page } from '../components/Page';
import { COMPARISONS } from '@tracery/contracts';
import { ButtonLink } from '../components/Button';

export default function ComparePage() {
  const { slug } = useParams();
  const c = COMPARISONS.find((x) => x.slug === slug);
  if (!c) {
    return (
      <Page
        title="Compare Tracery"
        lead="How Tracery compares with the other ways to turn an image into a vector."
      >
        <ul className="grid gap-4 md:grid-cols-2">
          {COMPARISONS.map((x) => (
            <li key={x.slug}>
              <Link
                to={`/compare/${x.slug}`}
                className="block h-full rounded-2xl border border-line bg-surface p-5 hover:border-brand"
              >
                <span className="block font-semibold">{x.title}</span>
                <span className="mt-1 block text-sm text-muted">{x.lead}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Page>
    );
  }
  return (
    <Page title={c.title} lead={c.lead}>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4">
                Aspect
              </th>
              <th scope="col" className="py-2 pr-4">
                Tracery
              </th>
              <th scope="col" className="py-2">
                {c.them}
              </th>
            </tr>
          </thead>
          <tbody>
            {c.rows.map(([aspect, us, them]) => (
              <tr key={aspect} className="border-b border-line align-top">
                <th scope="row" className="py-2 pr-4 font-medium">
                  {aspect}
                </th>
                <td className="py-2 pr-4">{us}</td>
                <td className="py-2">{them}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-6">{c.verdict}</p>
      <div className="mt-6 flex gap-3">
        <ButtonLink to="/convert">Try Tracery free</ButtonLink>
        <ButtonLink variant="secondary" className="bg-surface" to="/compare">
          All comparisons
        </ButtonLink>
      </div>
    </Page>
  );
}
