import { PLANS } from '../plans.js';
import { POSTS } from './blog.js';
import { COMPARISONS } from './compare.js';
import { HOW_TO_PAGE } from './howTo.js';
import { LANDING_PAGES } from './landing.js';

/** A page search engines and link previews may show: its path, title and description. */
export interface SitePage {
  path: string;
  title: string;
  description: string;
}

const HOME: SitePage = {
  path: '/',
  title: 'Convert images to vector (SVG, PDF, EPS, DXF)',
  description:
    'Tracery converts JPG, PNG, GIF and BMP images into clean, scalable SVG, PDF, EPS and DXF vectors, one at a time or in batches.',
};

const PLAN_PAGES: SitePage[] = (
  [
    ['basic', 'basic'],
    ['pro', 'professional'],
    ['business', 'business'],
  ] as const
).map(([slug, id]) => ({
  path: `/pricing/${slug}`,
  title: `${PLANS[id].name} plan`,
  description: `The ${PLANS[id].name} plan: ${PLANS[id].monthlyCredits} credits a month, files up to ${PLANS[id].maxFileBytes / 1024 / 1024} MB, ${PLANS[id].formats.map((f) => f.toUpperCase()).join(', ')}.`,
}));

/**
 * Every public page (what sitemap.xml lists and what gets canonical and Open Graph tags). Pages
 * behind sign-in or payment are left out: they are not for search engines.
 */
export const SITE_PAGES: SitePage[] = [
  HOME,
  {
    path: '/convert',
    title: 'Online image to vector converter',
    description:
      'Drop a JPG, PNG, GIF or BMP and download SVG, PDF, EPS or DXF. A live preview is traced in your browser.',
  },
  {
    path: '/tutorials',
    title: 'Tutorials and help',
    description: 'Guides for every step, from your first conversion to automated pipelines.',
  },
  { path: '/how-to-convert', title: HOW_TO_PAGE.title, description: HOW_TO_PAGE.lead },
  {
    path: '/batch-vectorization-guide',
    title: 'Batch vectorization guide',
    description:
      'How to convert dozens of images with consistent results and predictable credit use.',
  },
  {
    path: '/pricing',
    title: 'Plans and pricing',
    description:
      'Free, Basic, Pro and Business plans, monthly or annual. Standard conversions cost 1 credit, economy 0.6.',
  },
  ...PLAN_PAGES,
  {
    path: '/developer',
    title: 'Developer API',
    description: 'Convert images to vectors from any language with the Tracery JSON API.',
  },
  {
    path: '/blog',
    title: 'Tracery blog',
    description: 'Notes on vector tracing, file formats and getting clean results.',
  },
  ...POSTS.map((p) => ({ path: `/blog/${p.slug}`, title: p.title, description: p.summary })),
  {
    path: '/compare',
    title: 'Compare Tracery',
    description: 'How Tracery compares with the other ways to turn an image into a vector.',
  },
  ...COMPARISONS.map((c) => ({ path: `/compare/${c.slug}`, title: c.title, description: c.lead })),
  ...Object.entries(LANDING_PAGES).map(([slug, page]) => ({
    path: `/${slug}`,
    title: page.title,
    description: page.lead,
  })),
  {
    path: '/about',
    title: 'About Tracery',
    description:
      'Tracery turns raster images into vectors that printers, cutters, CAD programs and browsers can use at any size.',
  },
  {
    path: '/contact',
    title: 'Contact us',
    description: 'Questions about a conversion, your plan or the API? We answer every message.',
  },
  {
    path: '/careers',
    title: 'Careers',
    description:
      'We are a small team working on image processing, web performance and accessibility.',
  },
  {
    path: '/partners',
    title: 'Partners',
    description:
      'Print shops, sign makers, cutting-machine communities and software vendors work with Tracery to vectorise artwork for their customers.',
  },
  {
    path: '/legal',
    title: 'Legal',
    description: 'Terms of service, privacy and data retention in plain language.',
  },
];

/** Paths under these prefixes are private: never indexed, and disallowed in robots.txt. */
export const PRIVATE_PATHS = [
  '/api/',
  '/account',
  '/admin',
  '/dashboard',
  '/analytics',
  '/batch',
  '/cloud-storage',
  '/payment/',
  '/verify-payment-email',
  '/test',
];

export function sitePageOf(path: string): SitePage | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SITE_PAGES.find((p) => p.path === clean);
}
