import type { ReactNode } from 'react';
import type { CompanySlug } from './companySlugs';
import { sitePageOf } from '@tracery/contracts';
import { SUPPORT_EMAIL } from '../features/chat/chatApi';

export interface CompanyContent {
  title: string;
  lead: string;
  sections: { title: string; body: ReactNode }[];
}

const mail = (subject: string) => (
  <a
    className="font-semibold text-brand underline"
    href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`}
  >
    {SUPPORT_EMAIL}
  </a>
);

/** Title and lead come from the site's page list (contracts), which search engines also get. */
function pageText(path: string): { title: string; lead: string } {
  const page = sitePageOf(path);
  if (!page) throw new Error(`No site page ${path}`);
  return { title: page.title, lead: page.description };
}

export const COMPANY: Record<CompanySlug, CompanyContent> = {
  about: {
    ...pageText('/about'),
    sections: [
      {
        title: 'What we build',
        body: (
          <p>
            A tracing engine written from the ground up, the web app you are using, and an API on
            top of the same service. The engine classifies each image, cleans compression noise,
            splits it into colour regions, traces every boundary between two regions once and fits
            it with lines, arcs and curves. Because neighbouring shapes share their edges, colour
            output has no seams.
          </p>
        ),
      },
      {
        title: 'How we measure quality',
        body: (
          <p>
            We do not ask you to take our word for it. Each conversion is re-rendered and compared
            with your original, and the score is shown next to the result. Our own benchmark
            compares the engine with well-known open-source tracers on the same images, counting
            accuracy, file size, path segments and time.
          </p>
        ),
      },
      {
        title: 'What we believe',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>You should see a preview before you pay for a conversion.</li>
            <li>
              Your files are yours: they are deleted at the end of the retention period of your
              plan.
            </li>
            <li>The product must work for everyone, including keyboard and screen-reader users.</li>
          </ul>
        ),
      },
    ],
  },
  contact: {
    ...pageText('/contact'),
    sections: [
      {
        title: 'Support',
        body: (
          <p>
            Write to {mail('Support request')}. Include the file name and the time of the conversion
            if it is about a result.
          </p>
        ),
      },
      {
        title: 'Sales and Enterprise',
        body: (
          <p>
            For volumes above the Business plan, custom retention or invoicing, write to{' '}
            {mail('Enterprise plan')}.
          </p>
        ),
      },
      {
        title: 'Quick answers',
        body: (
          <p>
            The chat assistant (bottom right of every page) answers questions about formats, plans,
            credits and how-tos straight away.
          </p>
        ),
      },
    ],
  },
  careers: {
    ...pageText('/careers'),
    sections: [
      {
        title: 'Open positions',
        body: (
          <p>
            There are no open positions listed at the moment. If you work on computational geometry,
            image processing or accessible front-end engineering and would like to hear when that
            changes, write to {mail('Careers')}.
          </p>
        ),
      },
      {
        title: 'How we work',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>Measured quality: changes to the engine land with benchmark numbers.</li>
            <li>Small, readable code with tests, reviewed by a colleague.</li>
            <li>Remote-friendly, written communication first.</li>
          </ul>
        ),
      },
    ],
  },
  partners: {
    ...pageText('/partners'),
    sections: [
      {
        title: 'Integrations',
        body: (
          <p>
            The developer API converts images from your own product or back office. Business plans
            include API access and three seats.
          </p>
        ),
      },
      {
        title: 'Print and production partners',
        body: (
          <p>
            If your customers regularly send low-resolution artwork, a shared Business account lets
            your team convert it in batches and keep results for 30 days.
          </p>
        ),
      },
      { title: 'Get in touch', body: <p>Tell us about your use case at {mail('Partnership')}.</p> },
    ],
  },
  legal: {
    ...pageText('/legal'),
    sections: [
      {
        title: 'Terms of service',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Upload only images you have the right to convert. You keep all rights to your images
              and to the vectors made from them.
            </li>
            <li>
              Credits are granted monthly according to your plan; failed conversions are refunded
              automatically.
            </li>
            <li>
              Paid plans renew each month or year until cancelled; cancelling stops the next
              renewal.
            </li>
            <li>
              Automated use is allowed through the API within your plan’s limits; rate limits
              protect the service for everyone.
            </li>
          </ul>
        ),
      },
      {
        title: 'Privacy',
        body: (
          <ul className="list-disc space-y-1 pl-5">
            <li>
              We store your name, email, a hash of your password, your plan and your conversion
              history.
            </li>
            <li>
              Uploaded images and results are deleted after the retention period of your plan (24
              hours on Free, up to 30 days on Business).
            </li>
            <li>
              Payments are handled by the card processor or PayPal; we never see or store card
              numbers.
            </li>
            <li>
              The instant preview is traced inside your browser; the image is only uploaded when you
              press Convert.
            </li>
            <li>Advertisements are shown on the free plan only.</li>
          </ul>
        ),
      },
      {
        title: 'Cookies and local storage',
        body: (
          <p>
            One cookie keeps you signed in: it is sent only to our sign-in service, scripts cannot
            read it, and signing out ends it. The app stores your accessibility settings and
            tutorial progress in your browser’s local storage. Clearing site data removes them.
          </p>
        ),
      },
      {
        title: 'Contact',
        body: <p>Questions about these terms or a data request: {mail('Legal')}.</p>,
      },
    ],
  },
};
