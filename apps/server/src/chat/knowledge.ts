import {
  API_GROUPS,
  CREDIT_UNITS,
  API_ERROR_STATUSES,
  HOME_FAQ,
  ACCEPTED_UPLOAD_TYPES,
  HOW_TO_KEYBOARD,
  HOW_TO_PAGE,
  HOW_TO_STEPS,
  LANDING_PAGES,
  MESSAGES,
  PAYMENT_MESSAGES,
  PLANS,
  POSTS,
  TIER_MULTIPLIER,
  OUTPUT_FORMATS,
  TUTORIALS,
  cheapestPlanWithFormat,
  conversionCostUnits,
  type BasePlanId,
  type Plan,
  planOf,
  cheapestPlanWithCloudSave,
} from '@tracery/contracts';
import { ENGINE_FOR_TIER, RECOMMEND_MARGIN } from '../jobs/trace-task.js';

/** One retrievable piece of what the product already says, and the page that says it. */
export interface Passage {
  id: string;
  title: string;
  text: string;
  href: string;
  /** Extra words to find it by (plan ids, format names); never shown. */
  keywords?: string;
}

const MB = 1024 * 1024;
const BASES: BasePlanId[] = ['free', 'basic', 'professional', 'business'];
const dollars = (cents: number) => `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
const upper = (formats: readonly string[]) => formats.map((f) => f.toUpperCase()).join(', ');

export function retentionText(hours: number): string {
  return hours % 24 === 0 && hours > 72 ? `${hours / 24} days` : `${hours} hours`;
}

export const pricingHref = (base: BasePlanId) =>
  base === 'free' ? '/pricing' : `/pricing/${base === 'professional' ? 'pro' : base}`;

/** "; EPS from the Basic plan, DXF from the Basic plan" for the formats a plan lacks. */
function missingFormats(plan: Plan): string {
  const missing = OUTPUT_FORMATS.filter((f) => !plan.formats.includes(f));
  return missing
    .map((f) => `; ${f.toUpperCase()} from the ${cheapestPlanWithFormat(f).name} plan`)
    .join('');
}

/**
 * Which plans include each format that not every plan has ("DXF is included from the Basic plan
 * ($7 a month)"), for questions that name it; undefined for formats every plan has.
 */
export function formatAvailability(question: string): string | undefined {
  const asked = OUTPUT_FORMATS.filter(
    (f) => new RegExp(`\\b${f}\\b`, 'i').test(question) && !PLANS.free.formats.includes(f),
  );
  if (asked.length === 0) return undefined;
  return asked
    .map((f) => {
      const plan = cheapestPlanWithFormat(f);
      return `${f.toUpperCase()} is included from the ${plan.name} plan (${dollars(plan.priceCents)} a month); the Free plan has ${upper(PLANS.free.formats)}.`;
    })
    .join(' ');
}

/** Everything the catalogue says about one plan, in one paragraph. */
export function planFacts(plan: Plan): string {
  const annual = plan.base === 'free' ? undefined : planOf(`${plan.base}_annual` as const);
  const price =
    plan.base === 'free'
      ? 'costs $0'
      : `costs ${dollars(planOf(plan.base).priceCents)} a month (plan id ${plan.base}), or ${dollars(annual!.priceCents)} a year on the annual plan (${annual!.id}, ten months' price, same monthly credits)`;
  return [
    `The ${plan.name} plan ${price}.`,
    `It grants ${plan.monthlyCredits} credits every month.`,
    `Files up to ${plan.maxFileBytes / MB} MB.`,
    `Output formats: ${upper(plan.formats)}${missingFormats(plan)}.`,
    `Converted files are kept for ${retentionText(plan.retentionHours)}.`,
    `Batches of up to ${plan.batchLimit} images.`,
    `${plan.seats} ${plan.seats === 1 ? 'user' : 'users'}.`,
    plan.api ? 'API access included.' : 'No API access (Business plan only).',
    plan.cloudSave
      ? 'Saves results to Google Drive, Dropbox and OneDrive.'
      : `No saving to Google Drive, Dropbox or OneDrive (from the ${cheapestPlanWithCloudSave().name} plan).`,
    plan.ads ? 'Shows ads.' : 'No ads.',
  ].join(' ');
}

function planPassages(): Passage[] {
  const perPlan = (title: string, id: string, fact: (p: Plan) => string, keywords: string) => ({
    id,
    title,
    text: BASES.map((b) => `${planOf(b).name}: ${fact(planOf(b))}`).join('; ') + '.',
    href: '/pricing',
    keywords,
  });
  return [
    ...BASES.map((b) => ({
      id: `plan:${b}`,
      title: `${planOf(b).name} plan`,
      text: planFacts(planOf(b)),
      href: pricingHref(b),
      keywords: `${b} ${b}_annual ${planOf(b).name} plan price`,
    })),
    perPlan(
      'Plan prices (monthly and annual)',
      'plans:prices',
      (p) =>
        p.base === 'free'
          ? '$0'
          : `${dollars(p.priceCents)} a month or ${dollars(planOf(`${p.base}_annual` as const).priceCents)} a year`,
      'price cost pricing annual monthly subscription',
    ),
    perPlan(
      'Credits per plan',
      'plans:credits',
      (p) => `${p.monthlyCredits} credits a month`,
      'credits monthly allowance conversions',
    ),
    perPlan(
      'Output formats per plan',
      'plans:formats',
      (p) => upper(p.formats),
      'formats svg pdf eps dxf output',
    ),
    perPlan(
      'Maximum file size per plan',
      'plans:size',
      (p) => `${p.maxFileBytes / MB} MB`,
      'file size limit maximum upload mb',
    ),
    perPlan(
      'How long converted files are kept',
      'plans:retention',
      (p) => retentionText(p.retentionHours),
      'retention kept stored deleted expire',
    ),
    perPlan(
      'Batch size per plan',
      'plans:batch',
      (p) => `up to ${p.batchLimit} images per batch`,
      'batch bulk many images',
    ),
    {
      id: 'plans:api',
      title: 'API access',
      text: `API access (API keys for the developer API) is included in the ${BASES.filter(
        (b) => planOf(b).api,
      )
        .map((b) => planOf(b).name)
        .join(
          ', ',
        )} plan only; keys are created on the developer page. Every plan can use the web app.`,
      href: '/developer',
      keywords: 'api key developer integration automate business',
    },
    {
      id: 'plans:cloud',
      title: 'Saving to Google Drive, Dropbox and OneDrive',
      text: `Saving results to cloud storage is included in the ${BASES.filter(
        (b) => planOf(b).cloudSave,
      )
        .map((b) => planOf(b).name)
        .join(
          ', ',
        )} plans. Connect Google Drive, Dropbox or OneDrive on the cloud storage page, then use Save to on a finished result, in your History or on a batch (each file into a folder named after the batch, or the ZIP). Tracery only sees its own app folder; disconnecting revokes its access.`,
      href: '/cloud-storage',
      keywords: 'cloud storage google drive dropbox onedrive save send folder sync upload',
    },
  ];
}

function creditPassages(): Passage[] {
  const economy = TIER_MULTIPLIER.economy;
  const twelve = conversionCostUnits(12_000_000, 'standard') / CREDIT_UNITS;
  return [
    {
      id: 'credits:pricing',
      title: 'What a conversion costs in credits',
      text: `A standard conversion of an image up to 4 megapixels costs 1 credit; economy costs ${economy}. The price follows the image's pixels, not its file size: each further 4 megapixels adds 0.2 credits, at most 3 times the base (a 12-megapixel image costs ${twelve} credits in standard, however small its file). The converter shows the exact cost before you convert; a failed conversion is refunded automatically. A warning shows when 1 to 5 credits remain.`,
      href: '/pricing',
      keywords:
        'credit cost price conversion economy standard refund large big file pixels megapixels',
    },
    {
      id: 'engines',
      title: 'Standard and economy: the two tracing modes',
      text: `Standard uses the ${ENGINE_FOR_TIER.standard} engine (more colours, tighter fitting, small details kept, 1 credit); economy uses the ${ENGINE_FOR_TIER.economy} engine (fewer colours, coarser fitting, ${economy} credits, ${Math.round((1 - economy) * 100)}% less). Every result measures both engines on your image (quality_scores: re-rendered and compared with the input) and recommends ${ENGINE_FOR_TIER.economy} unless ${ENGINE_FOR_TIER.standard} scores more than ${RECOMMEND_MARGIN} higher.`,
      href: '/how-to-convert',
      keywords:
        'quality tier engine precision fast economy standard recommended score mode modes setting preset',
    },
  ];
}

function contentPassages(): Passage[] {
  const passages: Passage[] = [];
  HOME_FAQ.forEach((f, i) =>
    passages.push({ id: `faq:${i}`, title: f.question, text: f.answer, href: '/#faq-heading' }),
  );
  passages.push({
    id: 'howto',
    title: HOW_TO_PAGE.title,
    text: `${HOW_TO_PAGE.lead} ${HOW_TO_STEPS.map((s, i) => `${i + 1}. ${s.title}: ${s.description}`).join(' ')}`,
    href: '/how-to-convert',
    keywords: 'how to convert vectorize steps',
  });
  HOW_TO_STEPS.forEach((s, i) =>
    passages.push({
      id: `howto:${i}`,
      title: `How to convert, step ${i + 1}: ${s.title}`,
      text: s.description,
      href: '/how-to-convert',
    }),
  );
  passages.push({
    id: 'howto:keyboard',
    title: 'Converting with the keyboard only',
    text: HOW_TO_KEYBOARD,
    href: '/how-to-convert',
  });
  for (const t of TUTORIALS)
    passages.push({ id: `tutorial:${t.to}`, title: t.title, text: t.text, href: t.to });
  for (const post of POSTS) {
    post.body.forEach((section, i) =>
      passages.push({
        id: `blog:${post.slug}:${i}`,
        title: section.heading ? `${post.title}: ${section.heading}` : post.title,
        text: i === 0 ? `${post.summary} ${section.text}` : section.text,
        href: `/blog/${post.slug}`,
      }),
    );
  }
  for (const [slug, page] of Object.entries(LANDING_PAGES)) {
    passages.push({
      id: `landing:${slug}`,
      title: page.title,
      text: [page.lead, ...page.benefits.map(([h, t]) => `${h}: ${t}`)].join(' '),
      href: `/${slug}`,
    });
    passages.push({
      id: `landing:${slug}:tips`,
      title: `${page.title}: tips`,
      text: page.tips.join(' '),
      href: `/${slug}`,
    });
    page.faq.forEach((f, i) =>
      passages.push({
        id: `landing:${slug}:faq:${i}`,
        title: f.question,
        text: f.answer,
        href: `/${slug}`,
      }),
    );
  }
  return passages;
}

function apiPassages(): Passage[] {
  const passages: Passage[] = API_GROUPS.map((g) => ({
    id: `api:${g.title}`,
    title: `API reference: ${g.title}`,
    text: g.endpoints
      .map((e) => `${e.method} ${e.path}${e.auth ? ' (signed in)' : ''}: ${e.summary}`)
      .join(' '),
    href: '/developer',
    keywords: 'api endpoint developer http',
  }));
  passages.push({
    id: 'api:errors',
    title: 'API error statuses',
    text: API_ERROR_STATUSES.map(([status, meaning]) => `${status}: ${meaning}`).join(' '),
    href: '/developer',
    keywords: 'error status code http',
  });
  return passages;
}

function inputPassage(): Passage {
  const kinds = Object.values(ACCEPTED_UPLOAD_TYPES)
    .map((exts) => exts.map((e) => e.slice(1).toUpperCase()).join('/'))
    .join(', ');
  return {
    id: 'input',
    title: 'Which images you can upload',
    text: `Tracery converts raster images: ${kinds}. Vector files (SVG, PDF, AI) are not inputs: export them as a PNG first. The largest upload is ${PLANS.free.maxFileBytes / MB} MB on Free and up to ${PLANS.business.maxFileBytes / MB} MB on Business.`,
    href: '/convert',
    keywords: 'upload input accepted image file type jpg jpeg png gif bmp',
  };
}

/** §8: the messages the app shows, so a pasted message can be explained. */
function messagePassages(): Passage[] {
  return [
    {
      id: 'messages',
      title: 'Messages the app shows',
      text: [...Object.values(MESSAGES), ...Object.values(PAYMENT_MESSAGES)]
        .map((m) => `"${m}"`)
        .join(' '),
      href: '/tutorials',
    },
    {
      id: 'messages:sign-in',
      title: 'Why sign-in is needed to convert',
      text: `Anyone can try the in-browser preview, but converting needs an account: signed out you see "${MESSAGES.signInToConvert}". A free account gets ${PLANS.free.monthlyCredits} credits every month.`,
      href: '/convert',
      keywords: 'sign in account register login convert',
    },
  ];
}

/** The whole corpus, built from the catalogue and the content modules when the server starts. */
export function buildCorpus(): Passage[] {
  return [
    ...planPassages(),
    ...creditPassages(),
    inputPassage(),
    ...contentPassages(),
    ...apiPassages(),
    ...messagePassages(),
  ];
}
