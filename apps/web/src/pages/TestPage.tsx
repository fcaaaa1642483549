import { Page } from '../components/Page';

export default function TestPage() {
  return <Page title="TestPage" />;
}
