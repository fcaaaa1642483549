import { Page } from '../components/Page';

export default function BatchGuidePage() {
  return <Page title="BatchGuidePage" />;
}
