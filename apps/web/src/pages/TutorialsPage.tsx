import { TUTORIALS } from '@tracery/contracts';
import { Page } from '../components/Page';
import { LinkCards } from '../components/LinkCards';

export default function TutorialsPage() {
  return (
    <Page
      wide
      title="Tutorials and help"
      lead="Guides for every step, from your first conversion to automated pipelines. New here? The Tutorial button at the top right replays the guided tour."
    >
      <LinkCards cards={TUTORIALS} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" large />
    </Page>
  );
}
