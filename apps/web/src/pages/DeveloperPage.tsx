import { Page } from '../components/Page';

export default function DeveloperPage() {
  return <Page title="DeveloperPage" />;
}
