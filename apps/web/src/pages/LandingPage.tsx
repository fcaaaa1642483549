import { lazy, Suspense } from 'react';
import { usePathContent } from '../lib/usePathContent';
import { Page, Section } from '../components/Page';
import { Faq } from '../features/home/Faq';
import { LANDING } from '../content/landing';
import { exampleFor } from '../content/examples';
import { NextSteps } from '../components/Button';

const BeforeAfter = lazy(() => import('../features/examples/BeforeAfter'));

const STEPS = [
  'Drop your image on the converter.',
  'Choose the output format and quality tier; check the instant preview.',
  'Press Convert and download the vector.',
];

export default function LandingPage() {
  const [slug, c] = usePathContent(LANDING);
  if (!c) return null;
  return (
    <Page title={c.title} lead={c.lead}>
      <NextSteps
        main={{ to: '/convert', label: 'Open the converter' }}
        other={{ to: '/convert?sample=true', label: 'Try a sample image' }}
        className="flex flex-wrap gap-3"
      />
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {c.benefits.map(([title, text]) => (
          <li key={title} className="rounded-2xl border border-line bg-surface p-5">
            <h2 className="font-semibold">{title}</h2>
            <p className="mt-1 text-sm text-muted">{text}</p>
          </li>
        ))}
      </ul>
      <Section title="Before and after">
        <p className="text-sm text-muted">
          A real result, not a mock-up: zoom in on the edges and switch to the overlay or the
          outlines.
        </p>
        <Suspense fallback={<p className="mt-3 text-sm text-muted">Loading the example...</p>}>
          <BeforeAfter example={exampleFor(slug)} />
        </Suspense>
      </Section>
      <Section title="How it works">
        <ol className="list-decimal space-y-1 pl-5">
          {STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      </Section>
      <Section title="Tips for the best result">
        <ul className="list-disc space-y-1 pl-5">
          {c.tips.map((t) => (
            <li key={t}>{t}</li>
          ))}
        </ul>
      </Section>
      <Section title="Questions">
        <Faq entries={c.faq} />
      </Section>
    </Page>
  );
}
