import { Link } from 'react-router';
import { Page, Section } from '../components/Page';

interface HowToEntry {
  title: string;
  description: string;
  image: 'upload' | 'settings' | 'convert' | 'download';
}

const ENTRIES: HowToEntry[] = [
  {
    title: 'Add your image',
    description:
      'Open the converter and drop a JPG, PNG, GIF or BMP on the upload area, or click it to choose files. A vector preview is traced in your browser straight away.',
    image: 'upload',
  },
  {
    title: 'Pick format and quality',
    description:
      'Choose SVG, PDF, EPS or DXF and the standard or economy tier. The sidebar shows what the conversion will cost.',
    image: 'settings',
  },
  {
    title: 'Convert',
    description:
      'Sign in and press Convert next to the file. The full-quality trace runs on our servers and usually takes a few seconds.',
    image: 'convert',
  },
  {
    title: 'Download',
    description:
      'Press Download next to the result. Earlier results stay in the History tab for the retention period of your plan.',
    image: 'download',
  },
];

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
    <Page
      title="How to convert an image to a vector"
      lead="Four steps from a JPG or PNG to an SVG, PDF, EPS or DXF file."
    >
      <ol className="grid gap-6 md:grid-cols-2">
        {ENTRIES.map((e, i) => (
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
        <p>
          Press Tab to reach the upload area and Enter to open the file picker. Tab on to the format
          and quality selectors (arrow keys change them), then to the Convert button of your file,
          and Enter to convert. The Download button follows in the results list.
        </p>
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
