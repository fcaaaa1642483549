import { Page } from '../components/Page';

export default function AdminPage() {
  return <Page title="AdminPage" />;
}
