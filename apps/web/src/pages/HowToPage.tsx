import { Page } from '../components/Page';

export default function HowToPage() {
  return <Page title="HowToPage" />;
}
