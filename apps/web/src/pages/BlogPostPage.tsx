import { Link, Navigate, useParams } from 'react-router';
import { Page } from '../components/Page';
import { POSTS } from '@tracery/contracts';
import { PostDate } from '../features/blog/PostDate';

export default function BlogPostPage() {
  const { slug } = useParams();
  const post = POSTS.find((p) => p.slug === slug);
  if (!post) return <Navigate to="/blog" replace />;
  return (
    <Page title={post.title} lead={post.summary}>
      <p className="-mt-4 mb-6 text-sm text-muted">
        <PostDate date={post.date} />
      </p>
      <article className="space-y-5 leading-relaxed">
        {post.body.map((b, i) => (
          <section key={i}>
            {b.heading && <h2 className="text-xl font-semibold">{b.heading}</h2>}
            <p className="mt-1">{b.text}</p>
          </section>
        ))}
      </article>
      <Link to="/blog" className="mt-10 inline-block font-semibold text-brand underline">
        All articles
      </Link>
    </Page>
  );
}
