import type { LandingSlug } from './landingSlugs';
import { CONVERTER_PAGES } from './landingConverters';
import { USE_CASE_PAGES } from './landingUseCases';

export interface LandingContent {
  title: string;
  lead: string;
  benefits: [string, string][];
  tips: string[];
  faq: { question: string; answer: string }[];
}

/** Text of every converter and use-case landing page, by slug (test/content.test.tsx checks all are present). */
export const LANDING = { ...CONVERTER_PAGES, ...USE_CASE_PAGES } as Record<
  LandingSlug,
  LandingContent
>;
