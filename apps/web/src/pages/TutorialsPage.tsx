import { Page } from '../components/Page';

export default function TutorialsPage() {
  return <Page title="TutorialsPage" />;
}
