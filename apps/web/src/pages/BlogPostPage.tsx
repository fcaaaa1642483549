import { Page } from '../components/Page';

export default function BlogPostPage() {
  return <Page title="BlogPostPage" />;
}
