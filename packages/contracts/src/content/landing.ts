import { CONVERTER_PAGES } from './landingConverters.js';
import { USE_CASE_PAGES } from './landingUseCases.js';
import type { LandingContent } from './landingContent.js';

export type { LandingContent };

/** Text of every converter and use-case landing page, keyed by its route slug (without "/"). */
export const LANDING_PAGES: Record<string, LandingContent> = {
  ...CONVERTER_PAGES,
  ...USE_CASE_PAGES,
};
