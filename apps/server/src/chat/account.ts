import {
  CREDIT_UNITS,
  PLANS,
  BASE_RATE_PIXELS,
  MAX_SIZE_FACTOR,
  costBreakdown,
  isLowCredit,
  type ChatLink,
  type Plan,
  planOf,
} from '@tracery/contracts';
import type { UserRow } from '../auth/users.js';
import { findSubscription } from '../billing/repository.js';
import { newestConversions } from '../conversions/repository.js';
import type { Db } from '../db/connect.js';
import type { ConversionsTable } from '../db/schema.js';
import { RECOMMEND_MARGIN } from '../jobs/trace-task.js';
import { retentionText } from './knowledge.js';

/** What the assistant knows of the person asking: read from their own rows only. */
export interface PersonalAnswer {
  facts: string[];
  links: ChatLink[];
  /** A visitor asked about "my" account: the general answer follows the sign-in hint. */
  signInNeeded?: boolean;
}

const MB = 1024 * 1024;
const day = (iso: string) => iso.slice(0, 10);
const credits = (units: number) => units / CREDIT_UNITS;
const has = (text: string, re: RegExp) => re.test(text);

const MINE = /\b(my|mine)\b/;
const RECENT = /\b(last|latest|recent|previous)\b/;
const HOW_TO = /^(how (do|can|should) i|can i|do i|should i|is it possible)\b/;
const NAMED_PLAN =
  /\b(free|basic|pro|professional|business)\b (plan|account|tier)|\bon (the )?(free|basic|pro|professional|business)\b/;
const SIZE = /(\d+(?:[.,]\d+)?)\s*(kb|kilobytes?|mb|megabytes?|gb|gigabytes?)\b/;

const ACCOUNT_LINK: ChatLink = { title: 'Your account', href: '/account' };
const HISTORY_LINK: ChatLink = { title: 'Conversion history', href: '/convert' };

/** The size a question mentions ("this 8 MB file"), in bytes. */
export function mentionedBytes(text: string): number | undefined {
  const m = SIZE.exec(text);
  if (!m) return undefined;
  const n = Number(m[1].replace(',', '.'));
  const unit = m[2][0];
  return Math.round(n * (unit === 'k' ? 1024 : unit === 'g' ? 1024 * MB : MB));
}

/** What a file of that size costs, from the same function the upload charges with. */
export function costFacts(bytes: number, user?: UserRow): PersonalAnswer {
  // The price follows the image's pixels (its header), not the file's bytes.
  const base = costBreakdown(BASE_RATE_PIXELS, 'standard');
  const economy = costBreakdown(BASE_RATE_PIXELS, 'economy');
  const size = `${+(bytes / MB).toFixed(2)} MB`;
  const facts = [
    `The price follows the image's pixels, not the file's size: up to ${BASE_RATE_PIXELS / 1e6} megapixels an image costs ${base.total} credits in standard and ${economy.total} credits in economy; each further ${BASE_RATE_PIXELS / 1e6} megapixels adds 0.2 to the size factor (at most ${MAX_SIZE_FACTOR}). The converter shows the exact cost of a ${size} file once it is added.`,
  ];
  const fits = (p: Plan) => bytes <= p.maxFileBytes;
  const bigEnough = (['free', 'basic', 'professional', 'business'] as const)
    .map((id) => planOf(id))
    .find(fits);
  if (user) {
    const plan = planOf(user.plan_id);
    facts.push(
      fits(plan)
        ? `Your ${plan.name} plan accepts files up to ${plan.maxFileBytes / MB} MB, so it fits; you have ${credits(user.credits_units)} credits.`
        : `That is over your ${plan.name} plan's limit of ${plan.maxFileBytes / MB} MB${bigEnough ? `; the ${bigEnough.name} plan accepts it` : ''}.`,
    );
  } else if (bigEnough) {
    facts.push(`The ${bigEnough.name} plan and above accept a file of that size.`);
  } else {
    facts.push(
      `That is larger than any plan accepts (at most ${PLANS.business.maxFileBytes / MB} MB).`,
    );
  }
  return { facts, links: [{ title: 'Pricing', href: '/pricing' }] };
}

function describe(c: ConversionsTable): string {
  return `${c.original_filename} to ${c.output_format.toUpperCase()} (${c.quality_tier}) on ${day(c.created_at)}: ${c.status}, ${credits(c.credits_units)} credits`;
}

async function failedFacts(db: Db, user: UserRow): Promise<string[]> {
  const failed = await db
    .selectFrom('conversions')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('status', '=', 'failed')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!failed) return ['None of your conversions has failed.'];
  const refund = await db
    .selectFrom('credit_ledger')
    .select('delta_units')
    .where('user_id', '=', user.id)
    .where('idempotency_key', '=', `conversion:${failed.id}:refund`)
    .executeTakeFirst();
  return [
    `Your last failed conversion was ${failed.original_filename} on ${day(failed.created_at)}. The reason recorded: ${failed.error ?? 'not recorded'}.`,
    refund
      ? `Its ${credits(refund.delta_units)} credits were refunded to your balance.`
      : 'No credits were charged for it.',
  ];
}

async function recommendationFacts(db: Db, user: UserRow): Promise<string[]> {
  const scored = await db
    .selectFrom('conversions')
    .selectAll()
    .where('user_id', '=', user.id)
    .where('quality_scores', 'is not', null)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!scored?.quality_scores) return ['None of your conversions has quality scores yet.'];
  const scores = JSON.parse(scored.quality_scores) as Record<string, number>;
  const p = scores.precision ?? 0;
  const f = scores.fast ?? 0;
  const why =
    scored.recommended_engine === 'precision'
      ? `precision scored ${(p - f).toFixed(3)} higher, more than the ${RECOMMEND_MARGIN} margin, so the extra detail is visible`
      : `fast scored within ${RECOMMEND_MARGIN} of precision, so the cheaper engine gives the same result`;
  return [
    `For ${scored.original_filename} (${day(scored.created_at)}) the measured quality scores were precision ${p.toFixed(3)} and fast ${f.toFixed(3)}; ${scored.recommended_engine} was recommended because ${why}. That conversion used the ${scored.engine_used} engine (${scored.quality_tier} tier).`,
  ];
}

async function planFacts(db: Db, user: UserRow): Promise<string[]> {
  const plan = planOf(user.plan_id);
  const sub = await findSubscription(db, user.id);
  if (sub && sub.status === 'active') {
    const end = day(sub.current_period_end);
    return [
      sub.cancel_at_period_end
        ? `You are on the ${plan.name} plan (${sub.billing_period}); it was cancelled and ends on ${end}.`
        : `You are on the ${plan.name} plan (${sub.billing_period}); it renews on ${end}.`,
    ];
  }
  const next = new Date(user.credits_period_start);
  const firstOfNext = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1));
  return [
    `You are on the ${plan.name} plan${plan.base === 'free' ? ' (no payment, nothing renews)' : ''}. Your credits are topped up to ${plan.monthlyCredits} on your first visit in each calendar month (next from ${day(firstOfNext.toISOString())}).`,
  ];
}

async function retentionFacts(db: Db, user: UserRow): Promise<string[]> {
  const plan = planOf(user.plan_id);
  const facts = [
    `On your ${plan.name} plan converted files are kept for ${retentionText(plan.retentionHours)}.`,
  ];
  const latest = await db
    .selectFrom('conversions')
    .select(['original_filename', 'expires_at'])
    .where('user_id', '=', user.id)
    .where('status', '=', 'completed')
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest)
    facts.push(
      `Your latest result, ${latest.original_filename}, can be downloaded until ${latest.expires_at.slice(0, 16).replace('T', ' ')} UTC.`,
    );
  return facts;
}

/**
 * Answers questions about the asker's own account, or undefined when the question is not one.
 * Every query is filtered by the asker's user id; nothing here writes.
 */
export async function personalAnswer(
  db: Db,
  user: UserRow | undefined,
  message: string,
): Promise<PersonalAnswer | undefined> {
  const q = message.toLowerCase();
  const bytes = mentionedBytes(q);
  if (bytes !== undefined && has(q, /cost|credit|price|charge|how much|pay/))
    return costFacts(bytes, user);
  // "How do I cancel my subscription?" or "Does Pro keep my files?" ask about the product.
  const general = has(q, HOW_TO) || has(q, NAMED_PLAN);
  const mine = has(q, MINE);
  const recent = has(q, RECENT);
  const intents = {
    failed: (mine || recent) && has(q, /fail|error|wrong|didn'?t work|not work|broke/),
    recommended: (mine || recent) && has(q, /recommend|precision|score|engine/),
    history: recent && has(q, /conversion|file|job|upload/),
    retention:
      !general && mine && has(q, /file|result/) && has(q, /kept|keep|long|delet|expir|stor/),
    plan:
      !general &&
      has(
        q,
        /\bmy (plan|subscription)\b|\bam i on\b|\bi'?m on\b|renew|next (payment|charge)|billed/,
      ),
    credits:
      !general &&
      has(q, /credit|balance/) &&
      has(q, /\bmy\b|do i have|have i got|i have|left|remaining/),
  };
  if (!Object.values(intents).some(Boolean)) return undefined;
  if (!user) {
    return {
      signInNeeded: true,
      facts: [
        'Sign in (Log In at the top right) and ask again: I can then answer from your own plan, credits and conversions. I never show one account’s data to anyone else.',
      ],
      links: [{ title: 'Pricing and plans', href: '/pricing' }],
    };
  }
  const facts: string[] = [];
  const links: ChatLink[] = [];
  if (intents.failed) facts.push(...(await failedFacts(db, user)));
  if (intents.recommended) facts.push(...(await recommendationFacts(db, user)));
  if (intents.history && !intents.failed && !intents.recommended) {
    const rows = await newestConversions(db, user.id, 3);
    facts.push(
      rows.length
        ? `Your latest conversions: ${rows.map(describe).join('; ')}.`
        : 'You have no conversions yet.',
    );
  }
  if (intents.failed || intents.recommended || intents.history) links.push(HISTORY_LINK);
  if (intents.retention) facts.push(...(await retentionFacts(db, user)));
  if (intents.plan) facts.push(...(await planFacts(db, user)));
  if (intents.credits) {
    const plan = planOf(user.plan_id);
    const left = credits(user.credits_units);
    facts.push(
      `You have ${left} credits left on the ${plan.name} plan (${plan.monthlyCredits} credits a month).${isLowCredit(left) ? ' That is running low.' : ''}`,
    );
  }
  if (intents.retention || intents.plan || intents.credits) links.push(ACCOUNT_LINK);
  return { facts, links };
}
