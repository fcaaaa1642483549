import { Page } from '../components/Page';

export default function LandingPage() {
  return <Page title="LandingPage" />;
}
