import { Page } from '../components/Page';

export default function BlogPage() {
  return <Page title="BlogPage" />;
}
