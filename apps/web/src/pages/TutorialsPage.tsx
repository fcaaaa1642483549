import { Link } from 'react-router';
import { TUTORIALS } from '@tracery/contracts';
import { Page } from '../components/Page';

export default function TutorialsPage() {
  return (
    <Page
      wide
      title="Tutorials and help"
      lead="Guides for every step, from your first conversion to automated pipelines. New here? The Tutorial button at the top right replays the guided tour."
    >
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {TUTORIALS.map((t) => (
          <li key={t.to}>
            <Link
              to={t.to}
              className="block h-full rounded-2xl border border-line bg-surface p-5 hover:border-brand"
            >
              <span className="block text-lg font-semibold">{t.title}</span>
              <span className="mt-1 block text-muted">{t.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
