import { Page, Section } from '../components/Page';
import { CloudIcon } from '../components/icons';

const PROVIDERS = [
  {
    name: 'Google Drive',
    steps:
      'Install Google Drive for desktop, then choose the "Google Drive" folder (or a shared drive) when your browser asks where to save a download.',
  },
  {
    name: 'Dropbox',
    steps:
      'With the Dropbox app installed, save results into your Dropbox folder; they upload in the background and appear on every device.',
  },
  {
    name: 'OneDrive',
    steps:
      'OneDrive is built into Windows. Save results into the OneDrive folder, or a SharePoint library you have synced, to share them with your team.',
  },
];

export default function CloudStoragePage() {
  return (
    <Page
      title="Keep your vectors in cloud storage"
      lead="Tracery keeps each result for the retention period of your plan. For permanent storage, save results into the cloud folders you already use."
    >
      <ul className="grid gap-4 md:grid-cols-3">
        {PROVIDERS.map((p) => (
          <li key={p.name} className="rounded-2xl border border-line bg-surface p-5">
            <CloudIcon size={28} className="text-brand" />
            <h2 className="mt-2 text-lg font-semibold">{p.name}</h2>
            <p className="mt-1 text-sm text-muted">{p.steps}</p>
          </li>
        ))}
      </ul>
      <Section title="Tips for teams">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            Ask your browser to always ask where to save downloads, so each result lands straight in
            the right project folder.
          </li>
          <li>
            Results keep the original file name with the new extension (logo.png becomes logo.svg),
            so originals and vectors sort side by side.
          </li>
          <li>
            For automated pipelines, the developer API returns a download URL per conversion that a
            script can fetch and upload with the provider’s own tools.
          </li>
        </ul>
      </Section>
      <Section title="How long Tracery keeps files">
        <p>
          Free: 24 hours. Basic: 72 hours. Pro: 7 days. Business: 30 days. After that the result is
          deleted from our storage and the history entry shows it as expired.
        </p>
      </Section>
    </Page>
  );
}
