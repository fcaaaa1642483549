import { CONVERTER_PAGES } from './landingConverters.js';
import { USE_CASE_PAGES } from './landingUseCases.js';

export interface LandingContent {
  title: string;
  lead: string;
  benefits: [string, string][];
  tips: string[];
  faq: { question: string; answer: string }[];
}

/** Text of every converter and use-case landing page, keyed by its route slug (without "/"). */
export const LANDING_PAGES: Record<string, LandingContent> = {
  ...CONVERTER_PAGES,
  ...USE_CASE_PAGES,
};
