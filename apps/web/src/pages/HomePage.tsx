import { Link } from 'react-router';
import { PLANS } from '@tracery/contracts';
import { usePageMeta } from '../lib/usePageMeta';
import { LiveDemo } from '../features/home/LiveDemo';
import { Faq } from '../features/home/Faq';
import { HOME_FAQ } from '@tracery/contracts';
import {
  BoltIcon,
  CloudIcon,
  CodeIcon,
  LayersIcon,
  ShieldIcon,
  SparkIcon,
} from '../components/icons';

const FEATURES = [
  {
    icon: SparkIcon,
    title: 'Automatic tracing',
    text: 'Line art, flat-colour logos, photos and pixel art are detected and traced with the right settings.',
  },
  {
    icon: LayersIcon,
    title: 'Gap-free shapes',
    text: 'Neighbouring colour regions share one traced edge, so there are no white seams between shapes.',
  },
  {
    icon: BoltIcon,
    title: 'Instant preview',
    text: 'A vector preview is traced in your own browser the moment you add a file, before any credit is spent.',
  },
  {
    icon: CodeIcon,
    title: 'Developer API',
    text: 'Convert from scripts and back-office tools with the same endpoints the web app uses.',
  },
  {
    icon: CloudIcon,
    title: 'Works with your cloud folders',
    text: 'Save results straight into Google Drive, Dropbox or OneDrive folders and keep them with the rest of the project.',
  },
  {
    icon: ShieldIcon,
    title: 'Safe by design',
    text: 'Uploads are screened before decoding, SVG output never contains scripts, and files expire on schedule.',
  },
];

const TEASER = [
  {
    plan: PLANS.free,
    to: '/convert',
    cta: 'Start converting',
    blurb: 'SVG and PDF, 24-hour downloads.',
  },
  {
    plan: PLANS.professional,
    to: '/pricing/pro',
    cta: 'Choose Pro',
    blurb: 'All formats, batches up to 50, no ads.',
  },
  {
    plan: PLANS.business,
    to: '/pricing/business',
    cta: 'Choose Business',
    blurb: 'Three seats, API access, 30-day storage.',
  },
];

const STORIES = [
  {
    role: 'Screen printer',
    text: 'A customer sends a 300-pixel JPG of their logo. Economy tracing merges near-identical colours and leaves one clean group of shapes per ink, ready to separate into screens.',
  },
  {
    role: 'Laser and Cricut maker',
    text: 'A hand-drawn sketch is photographed, traced in black and white, and exported as SVG or DXF with closed paths the cutter follows without stray nodes.',
  },
  {
    role: 'Developer at an agency',
    text: 'Uploaded client logos are vectorised through the API overnight, and the SVGs are waiting in the team’s shared folder in the morning.',
  },
];

export default function HomePage() {
  usePageMeta(
    'Convert images to vector: JPG and PNG to SVG, PDF, EPS, DXF',
    'Tracery traces JPG, PNG, GIF and BMP images into clean SVG, PDF, EPS and DXF vectors. 25 free credits every month.',
  );
  return (
    <>
      <section className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 py-14 sm:px-6 lg:grid-cols-2 lg:py-20">
        <div>
          <p className="font-semibold text-brand">Raster to vector, online</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Turn any image into a clean, scalable vector
          </h1>
          <p className="mt-4 text-lg text-muted">
            Upload a JPG, PNG, GIF or BMP and download SVG, PDF, EPS or DXF with smooth curves and
            exact colours. One file or a whole folder, from the browser or the API.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/convert" className="btn-primary rounded-lg px-6 py-3 text-lg font-semibold">
              Convert an image free
            </Link>
            <Link
              to="/convert?sample=true"
              className="rounded-lg border border-line bg-surface px-6 py-3 text-lg font-semibold hover:bg-canvas"
            >
              Try a sample
            </Link>
          </div>
          <p className="mt-3 text-sm text-muted">25 free credits every month. No card needed.</p>
        </div>
        <LiveDemo />
      </section>

      <section className="bg-surface py-14" aria-labelledby="features-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="features-heading" className="text-3xl font-bold">
            Everything between a bitmap and a vector
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="rounded-2xl border border-line bg-canvas p-6">
                <Icon size={28} className="text-brand" />
                <h3 className="mt-3 text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-muted">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="persona-heading">
        <div className="grid gap-8 rounded-3xl bg-indigo-900 p-8 text-white lg:grid-cols-[2fr_1fr] lg:p-12">
          <div>
            <h2 id="persona-heading" className="text-2xl font-bold">
              Made for people who send files to machines and printers
            </h2>
            <p className="mt-3 text-indigo-100">
              Print shops, screen printers, sign makers, laser and CNC operators, embroidery
              digitisers and Cricut crafters all need the same thing: closed, clean paths in flat
              colours without slivers. Tracery keeps sharp corners sharp, smooths staircase edges,
              and writes the format your software opens.
            </p>
          </div>
          <ul className="space-y-2 self-center text-indigo-50">
            <li>Flat colours, no edge slivers</li>
            <li>Closed paths for cutting</li>
            <li>Real bounding boxes in PDF and EPS</li>
            <li>DXF layers per colour</li>
          </ul>
        </div>
      </section>

      <section className="bg-surface py-14" aria-labelledby="pricing-heading">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 id="pricing-heading" className="text-3xl font-bold">
            Simple credit-based pricing
          </h2>
          <p className="mt-2 text-muted">
            One credit per standard conversion, 0.6 in economy. Credits are granted every month; the
            Free plan never expires.
          </p>
          <ul className="mt-8 grid gap-6 md:grid-cols-3">
            {TEASER.map(({ plan, to, cta, blurb }) => (
              <li
                key={plan.id}
                className="flex flex-col rounded-2xl border border-line bg-canvas p-6"
              >
                <h3 className="text-xl font-semibold">{plan.name}</h3>
                <p className="mt-2 text-3xl font-bold">
                  ${plan.priceCents / 100}
                  <span className="text-base font-normal text-muted">/month</span>
                </p>
                <p className="mt-1 text-muted">{plan.monthlyCredits} credits a month</p>
                <p className="mt-2 flex-1 text-sm text-muted">{blurb}</p>
                <Link
                  to={to}
                  className="btn-primary mt-4 rounded-lg px-4 py-2 text-center font-semibold"
                >
                  {cta}
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted">
            Basic at ${PLANS.basic.priceCents / 100}/month, annual billing and team options are on
            the{' '}
            <Link to="/pricing" className="font-semibold text-brand underline">
              pricing page
            </Link>
            .
          </p>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="stories-heading">
        <h2 id="stories-heading" className="text-3xl font-bold">
          How people use Tracery
        </h2>
        <p className="mt-2 text-muted">Typical workflows, described by the job they get done.</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {STORIES.map((s) => (
            <li key={s.role} className="rounded-2xl border border-line bg-surface p-6">
              <blockquote className="text-ink">{s.text}</blockquote>
              <p className="mt-3 text-sm font-semibold text-brand">{s.role}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-4xl px-4 py-10 sm:px-6" aria-labelledby="faq-heading">
        <h2 id="faq-heading" className="mb-6 text-3xl font-bold">
          Frequently asked questions
        </h2>
        <Faq entries={HOME_FAQ} />
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6" aria-labelledby="cta-heading">
        <div className="rounded-3xl bg-brand-soft p-10 text-center">
          <h2 id="cta-heading" className="text-3xl font-bold">
            Your first 25 conversions are on us
          </h2>
          <p className="mt-2 text-muted">Drop an image and see the vector preview in seconds.</p>
          <Link
            to="/convert"
            className="btn-primary mt-6 inline-block rounded-lg px-6 py-3 text-lg font-semibold"
          >
            Open the converter
          </Link>
        </div>
      </section>
    </>
  );
}
