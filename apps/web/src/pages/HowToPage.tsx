import { Link } from 'react-router';
import { HOW_TO_KEYBOARD, HOW_TO_PAGE, HOW_TO_STEPS, type HowToEntry } from '@tracery/contracts';
import { Page, Section } from '../components/Page';

function Illustration({ kind }: { kind: HowToEntry['image'] }) {
  return (
    <svg
      viewBox="0 0 120 80"
      className="h-28 w-full rounded-xl bg-brand-soft"
      role="img"
      aria-label={`Illustration: ${kind}`}
    >
      <rect
        x="20"
        y="12"
        width="80"
        height="56"
        rx="8"
        fill="#fff"
        stroke="#4338ca"
        strokeWidth="2"
        strokeDasharray={kind === 'upload' ? '5 4' : undefined}
      />
      {kind === 'upload' && (
        <path
          d="M60 52V28m-10 10 10-10 10 10"
          stroke="#4338ca"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
      )}
      {kind === 'settings' && (
        <>
          <rect x="32" y="26" width="56" height="10" rx="3" fill="#c7d2fe" />
          <rect x="32" y="44" width="56" height="10" rx="3" fill="#c7d2fe" />
        </>
      )}
      {kind === 'convert' && <rect x="38" y="31" width="44" height="18" rx="5" fill="#4338ca" />}
      {kind === 'download' && (
        <path
          d="M60 26v22m-10-10 10 10 10-10M44 56h32"
          stroke="#047857"
          strokeWidth="4"
          fill="none"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

export default function HowToPage() {
  return (
    <Page title={HOW_TO_PAGE.title} lead={HOW_TO_PAGE.lead}>
      <ol className="grid gap-6 md:grid-cols-2">
        {HOW_TO_STEPS.map((e, i) => (
          <li key={e.title} className="rounded-2xl border border-line bg-surface p-5">
            <Illustration kind={e.image} />
            <h2 className="mt-3 text-lg font-semibold">
              {i + 1}. {e.title}
            </h2>
            <p className="mt-1 text-muted">{e.description}</p>
          </li>
        ))}
      </ol>
      <Section title="Keyboard only">
        <p>{HOW_TO_KEYBOARD}</p>
      </Section>
      <Section title="Next steps">
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <Link to="/batch" className="font-semibold text-brand underline">
              Convert many images at once
            </Link>{' '}
            with batch processing.
          </li>
          <li>
            <Link to="/tutorials" className="font-semibold text-brand underline">
              Tutorials
            </Link>{' '}
            for cutting machines, print and CAD.
          </li>
        </ul>
      </Section>
    </Page>
  );
}
