import examples from './examples.json';
import type { LandingSlug } from './landingSlugs';

/**
 * Before/after examples: icons from free icon sets, rendered small and traced by our engine as the
 * standard tier does (written by `npm run examples -w bench`; each names its source and licence).
 */
export type Example = (typeof examples)[number];

const byId = (id: string): Example => examples.find((e) => e.id === id) ?? examples[0];

/** The example closest to what each landing page's visitors bring; colour art by default. */
const FOR_PAGE: Partial<Record<LandingSlug, string>> = {
  'logo-vectorizer': 'shop',
  'print-ready-vector': 'shop',
  'print-shop-vector-conversion': 'shop',
  'screen-printing-vector': 'shop',
  'png-to-eps': 'shop',
  'jpg-to-eps': 'shop',
  'svg-to-pdf': 'shop',
  'png-to-dxf': 'bike',
  'cad-cnc-vector': 'bike',
  'laser-cutting-vectorization': 'bike',
  'cricut-vectorization': 'butterfly',
  'embroidery-vectorization': 'butterfly',
};

export function exampleFor(slug: LandingSlug): Example {
  return byId(FOR_PAGE[slug] ?? 'rocket');
}
