import { Link } from 'react-router';
import { Page } from '../components/Page';
import { POSTS } from '@tracery/contracts';
import { PostDate } from '../features/blog/PostDate';

export default function BlogPage() {
  return (
    <Page
      title="Tracery blog"
      lead="Notes on vector tracing, file formats and getting clean results."
    >
      <ul className="space-y-6">
        {POSTS.map((p) => (
          <li key={p.slug} className="rounded-2xl border border-line bg-surface p-6">
            <p className="text-sm text-muted">
              <PostDate date={p.date} />
            </p>
            <h2 className="mt-1 text-xl font-semibold">
              <Link to={`/blog/${p.slug}`} className="hover:underline">
                {p.title}
              </Link>
            </h2>
            <p className="mt-2 text-muted">{p.summary}</p>
          </li>
        ))}
      </ul>
    </Page>
  );
}
