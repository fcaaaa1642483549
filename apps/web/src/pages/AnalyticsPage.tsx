import { Page } from '../components/Page';

export default function AnalyticsPage() {
  return <Page title="AnalyticsPage" />;
}
