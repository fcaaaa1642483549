import MiniSearch from 'minisearch';
import type { Passage } from './knowledge.js';

/** Words too common to say anything about what is asked. */
const STOP_WORDS = new Set(
  'a an and are at be by can could do does for from get got have how i if in is it its me my of on or our should so that the their them then there these this to was we what when where which who why will with would you your'.split(
    ' ',
  ),
);

/**
 * Words people use for the same thing. A query word is searched as itself and as every word of
 * its groups, so "vectorize" finds "convert" and "laser" finds "DXF".
 */
const SYNONYM_GROUPS: string[][] = [
  ['convert', 'vectorize', 'vectorise', 'trace', 'tracing', 'conversion', 'vectorization'],
  ['laser', 'dxf', 'cnc', 'cad', 'cutting', 'engraving', 'cutter'],
  ['price', 'cost', 'pricing', 'much', 'expensive', 'pay', 'fee', 'charge'],
  ['annual', 'yearly', 'year', 'annually'],
  ['monthly', 'month'],
  ['credit', 'allowance'],
  ['size', 'large', 'big', 'mb', 'megabyte', 'maximum', 'max', 'limit', 'biggest', 'largest'],
  ['kept', 'keep', 'retention', 'store', 'stored', 'delete', 'deleted', 'expire', 'available'],
  ['batch', 'bulk', 'multiple', 'folder', 'once'],
  ['api', 'developer', 'programmatic', 'endpoint', 'integration', 'automate', 'rest'],
  ['transparent', 'transparency', 'background', 'alpha'],
  ['seam', 'gap', 'hairline', 'shared', 'edge', 'overlap'],
  ['cancel', 'unsubscribe', 'cancellation', 'stop'],
  ['refund', 'refunded', 'fail', 'failed', 'failure', 'back'],
  ['economy', 'cheap', 'cheaper', 'fast', 'save', 'saving'],
  ['standard', 'precision', 'quality'],
  ['mode', 'engine', 'preset', 'setting'],
  ['format', 'output', 'filetype', 'export'],
  ['pro', 'professional'],
  ['cricut', 'silhouette', 'vinyl', 'cut'],
  ['team', 'seat', 'user', 'colleague'],
  ['plan', 'subscription', 'tier'],
  ['free', 'trial'],
];

const SYNONYMS = new Map<string, string[]>();
for (const group of SYNONYM_GROUPS) {
  for (const word of group) SYNONYMS.set(word, [...(SYNONYMS.get(word) ?? []), ...group]);
}

/** Lower case, and a light plural/verb-ending strip so "credits", "credit" and "converted" meet. */
export function normalise(term: string): string {
  let t = term.toLowerCase();
  if (t.length > 4 && t.endsWith('ies')) t = `${t.slice(0, -3)}y`;
  else if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) t = t.slice(0, -1);
  return t;
}

function indexTerm(term: string): string | null {
  const t = normalise(term);
  return STOP_WORDS.has(t) ? null : t;
}

/** The other words of a query word's synonym groups (not the word itself). */
function synonymTerms(term: string): string[] | null {
  const t = indexTerm(term);
  if (!t) return null;
  const others = (SYNONYMS.get(t) ?? []).filter((w) => w !== t);
  return others.length ? [...new Set(others)] : null;
}

/** A synonym match counts for this share of a match of the word itself. */
const SYNONYM_WEIGHT = 0.4;

export interface Found {
  passage: Passage;
  score: number;
}

/** BM25 retrieval (MiniSearch) over the corpus, with fuzzy and prefix matching and synonyms. */
export class Retriever {
  private readonly index: MiniSearch<Passage>;
  private readonly byId: Map<string, Passage>;

  constructor(passages: Passage[]) {
    this.byId = new Map(passages.map((p) => [p.id, p]));
    this.index = new MiniSearch<Passage>({
      fields: ['title', 'text', 'keywords'],
      storeFields: [],
      processTerm: indexTerm,
      searchOptions: {
        boost: { title: 2, keywords: 1.5 },
        fuzzy: (term) => (term.length > 5 ? 0.2 : false),
        prefix: (term) => term.length > 4,
        weights: { fuzzy: 0.4, prefix: 0.5 },
      },
    });
    this.index.addAll(passages);
  }

  /** Best passages first; `boost` raises passages by id (e.g. the plan the question names). */
  search(query: string, boost: (id: string) => number = () => 1): Found[] {
    const boostDocument = (id: unknown) => boost(String(id));
    const scores = new Map<string, number>();
    for (const r of this.index.search(query, { boostDocument })) scores.set(String(r.id), r.score);
    for (const r of this.index.search(query, { boostDocument, processTerm: synonymTerms }))
      scores.set(String(r.id), (scores.get(String(r.id)) ?? 0) + SYNONYM_WEIGHT * r.score);
    return [...scores]
      .sort((a, b) => b[1] - a[1])
      .map(([id, score]) => ({ passage: this.byId.get(id)!, score }));
  }
}
