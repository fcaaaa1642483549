import { Link } from 'react-router';
import { Page, Section } from '../components/Page';

export default function BatchGuidePage() {
  return (
    <Page
      title="Batch vectorization guide"
      lead="How to convert dozens of images with consistent results and predictable credit use."
    >
      <Section title="1. Check your batch size">
        <p>
          Each batch holds up to 5 images on Free, 20 on Basic, 50 on Pro and 100 on Business. Each
          image is one conversion and is charged on its own.
        </p>
      </Section>
      <Section title="2. Group similar images">
        <p>
          Put images that need the same output into one batch: all logos for print as PDF, all cut
          files as SVG or DXF. Settings apply to the whole batch.
        </p>
      </Section>
      <Section title="3. Pick the tier">
        <p>
          Standard (1 credit) keeps the most detail. Economy (0.6 credits) uses fewer colours and
          coarser curves, which is often all that simple icons and line art need. The batch page
          shows the total estimate before you start.
        </p>
      </Section>
      <Section title="4. Run and collect">
        <p>
          Images convert one after another. A failed image is marked and refunded, and the rest
          continue; if you run out of credits the batch stops and the remaining images stay queued.
          Download each result from the list, or later from the History tab of the converter.
        </p>
      </Section>
      <Section title="5. Automate">
        <p>
          For recurring jobs, the{' '}
          <Link to="/developer" className="font-semibold text-brand underline">
            developer API
          </Link>{' '}
          accepts the same uploads from a script.
        </p>
      </Section>
      <Link
        to="/batch"
        className="btn-primary mt-8 inline-block rounded-lg px-5 py-2.5 font-semibold"
      >
        Start a batch
      </Link>
    </Page>
  );
}
