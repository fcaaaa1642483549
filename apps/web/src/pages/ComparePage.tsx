import { Page } from '../components/Page';

export default function ComparePage() {
  return <Page title="ComparePage" />;
}
