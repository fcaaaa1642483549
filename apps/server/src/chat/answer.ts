import type { ChatLink } from '@tracery/contracts';
import { formatAvailability, type Passage } from './knowledge.js';
import type { PersonalAnswer } from './account.js';
import type { Found, Retriever } from './retrieval.js';

/** What retrieval found for a question: the answer in words, and where to read more. */
export interface Grounded {
  text: string;
  links: ChatLink[];
  /** The facts the answer rests on (passages and account facts), in order. */
  facts: string[];
  answered: boolean;
  /** Offer to pass the conversation to a person. */
  handoff: boolean;
}

/** Below this BM25 score nothing found is about the question. */
const MIN_SCORE = 6;
/** A second passage joins the answer when it scores at least this share of the first. */
const SECOND_SHARE = 0.8;

const PLAN_WORDS: [RegExp, string][] = [
  [/\bfree\b/, 'free'],
  [/\bbasic\b/, 'basic'],
  [/\bpro(fessional)?\b/, 'professional'],
  [/\bbusiness\b/, 'business'],
];

/** A question naming one plan is about that plan's passage; naming several, about the tables. */
function planBoost(question: string): (id: string) => number {
  const named = PLAN_WORDS.filter(([re]) => re.test(question)).map(([, id]) => id);
  return (id) => {
    if (id.startsWith('plan:')) return named.length === 1 && id === `plan:${named[0]}` ? 4 : 1;
    if (id.startsWith('plans:')) return named.length === 1 ? 0.6 : named.length > 1 ? 1.5 : 1;
    return 1;
  };
}

const WANTS_PERSON = /\b(human|person|agent|staff|contact|support team)\b/i;

const GREETING = /^(hi|hello|hey|thanks|thank you|good (morning|afternoon|evening))\b[!. ]*$/i;

export const NO_ANSWER_LINKS: ChatLink[] = [
  { title: 'Tutorials and help', href: '/tutorials' },
  { title: 'Contact us', href: '/contact' },
];

function linkOf(p: Passage): ChatLink {
  return { title: p.title, href: p.href };
}

function uniqueLinks(links: ChatLink[]): ChatLink[] {
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href));
}

function pick(found: Found[]): Passage[] {
  const [first, second] = found;
  if (!first || first.score < MIN_SCORE) return [];
  return second && second.score >= first.score * SECOND_SHARE
    ? [first.passage, second.passage]
    : [first.passage];
}

/** Builds the answer from the account facts (if the question is personal) and the passages. */
export function compose(
  retriever: Retriever,
  question: string,
  personal: PersonalAnswer | undefined,
  supportEmail: string,
): Grounded {
  if (GREETING.test(question.trim())) {
    return {
      text: 'Hello! Ask me about plans and prices, credits, formats, batch conversion, the API or how to get the best trace.',
      links: [{ title: 'Pricing', href: '/pricing' }],
      facts: [],
      answered: true,
      handoff: false,
    };
  }
  if (WANTS_PERSON.test(question) && !personal) {
    return {
      text: `A person from our support team can take over: press Talk to a person and they will reply by email, or write to ${supportEmail} yourself.`,
      links: [{ title: 'Contact us', href: '/contact' }],
      facts: [],
      answered: true,
      handoff: true,
    };
  }
  const passages = pick(retriever.search(question, planBoost(question.toLowerCase())));
  if (personal) {
    const related = passages.slice(0, 1);
    const general = personal.signInNeeded ? related.map((p) => p.text) : [];
    return {
      text: [personal.facts.join(' '), ...general].join('\n\n'),
      links: uniqueLinks([...personal.links, ...related.map(linkOf)]),
      facts: [...personal.facts, ...related.map((p) => p.text)],
      answered: true,
      handoff: false,
    };
  }
  if (passages.length === 0) {
    return {
      text: `I could not find that in Tracery's documentation, so I won't guess. The tutorials may cover it; otherwise a person can help: press Talk to a person, or write to ${supportEmail}.`,
      links: NO_ANSWER_LINKS,
      facts: [],
      answered: false,
      handoff: true,
    };
  }
  // A format some plans lack: say which plan has it, unless a passage already does.
  const availability = formatAvailability(question);
  const plansNamed = passages.some((p) => p.id.startsWith('plan'));
  const notes = availability && !plansNamed ? [availability] : [];
  return {
    text: [...passages.map((p) => p.text), ...notes].join('\n\n'),
    links: uniqueLinks([
      ...passages.map(linkOf),
      ...(notes.length ? [{ title: 'Pricing', href: '/pricing' }] : []),
    ]),
    facts: [...passages.map((p) => `${p.title}: ${p.text}`), ...notes],
    answered: true,
    handoff: false,
  };
}
