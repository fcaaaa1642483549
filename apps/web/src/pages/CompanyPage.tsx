import { Page } from '../components/Page';

export default function CompanyPage() {
  return <Page title="CompanyPage" />;
}
