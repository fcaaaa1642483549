import { Page } from '../components/Page';

export default function CloudStoragePage() {
  return <Page title="CloudStoragePage" />;
}
