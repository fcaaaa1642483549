import { TIER_MULTIPLIER } from '../credits.js';
import { PLANS, type BasePlanId } from '../plans.js';

export interface FaqEntry {
  question: string;
  answer: string;
}

const BASES: BasePlanId[] = ['free', 'basic', 'professional', 'business'];
const MB = 1024 * 1024;

/** "24 hours on Free, 72 hours on Basic, …": one fact per plan, read from the catalogue. */
function perPlan(fact: (base: BasePlanId) => string): string {
  const parts = BASES.map((b) => `${fact(b)} on ${PLANS[b].name}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

function retention(hours: number): string {
  return hours % 24 === 0 && hours > 72 ? `${hours / 24} days` : `${hours} hours`;
}

const withFormat = (format: 'eps' | 'dxf') =>
  BASES.filter((b) => PLANS[b].formats.includes(format)).map((b) => PLANS[b].name);

const economy = TIER_MULTIPLIER.economy;
const apiPlans = BASES.filter((b) => PLANS[b].api).map((b) => PLANS[b].name);

/** The home page FAQ; every number comes from the plan catalogue and the credit pricing. */
export const HOME_FAQ: FaqEntry[] = [
  {
    question: 'Which files can I convert?',
    answer: `Tracery reads JPG/JPEG, PNG, GIF and BMP images. It writes ${PLANS.free.formats.map((f) => f.toUpperCase()).join(' and ')} on every plan, and EPS and DXF on the ${withFormat('dxf').join(', ')} plans. Transparent areas of a PNG stay transparent in the vector.`,
  },
  {
    question: 'How many images can I convert for free?',
    answer: `A free account receives ${PLANS.free.monthlyCredits} credits every month. A standard conversion costs 1 credit and an economy conversion ${economy}, so that is ${PLANS.free.monthlyCredits} standard conversions, or more in economy. Very large files (over 5 MB) cost a little more; the converter shows the exact cost before you convert.`,
  },
  {
    question: 'What is the difference between standard and economy?',
    answer: `Both run the same tracer. Standard uses the precision configuration: more colours, tighter curve fitting, smaller details kept. Economy uses the fast configuration with fewer colours and coarser fitting, and costs ${Math.round((1 - economy) * 100)}% fewer credits (${economy} instead of 1 per image). Each result reports a measured quality score for both.`,
  },
  {
    question: 'Can I convert many images at once?',
    answer: `Yes. Batch processing queues your images and converts them one after another: up to ${perPlan((b) => String(PLANS[b].batchLimit))} images per batch. Each image counts as one conversion.`,
  },
  {
    question: 'How large can my files be?',
    answer: `The largest file you can upload is ${perPlan((b) => `${PLANS[b].maxFileBytes / MB} MB`)}.`,
  },
  {
    question: 'How long are my files kept?',
    answer: `Converted files can be downloaded for ${perPlan((b) => retention(PLANS[b].retentionHours))}. After that they are deleted from our storage.`,
  },
  {
    question: 'Will the output work with my cutting machine or CAD software?',
    answer:
      'SVG opens in Cricut Design Space, Silhouette Studio, LightBurn, Inkscape and Illustrator. DXF (real units, a layer per colour, one cut line per boundary and no page frame) opens in CAD, CNC and laser software. PDF and EPS keep true vector paths for print shops.',
  },
  {
    question: 'Is there an API?',
    answer: `Yes. The same endpoints the web app uses are documented on the developer page; the ${apiPlans.join(', ')} plan includes API access (API keys) for automated pipelines.`,
  },
  {
    question: 'What happens to my credits when a conversion fails?',
    answer:
      'A conversion that fails is refunded automatically: the credits it reserved go back to your balance, exactly once, and the failure reason shows in your history. A format outside your plan is refused before anything is charged.',
  },
  {
    question: 'How do I cancel my subscription?',
    answer:
      'Open your account page (/account) and press Cancel at period end. The plan stays active until the end of the period you paid for, then does not renew; your credits and files stay until then.',
  },
];
