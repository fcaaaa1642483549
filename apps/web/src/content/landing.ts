import { LANDING_PAGES, type LandingContent } from '@tracery/contracts';
import type { LandingSlug } from './landingSlugs';

export type { LandingContent };

/** Text of every converter and use-case landing page, by slug (test/content.test.tsx checks all are present). */
export const LANDING = LANDING_PAGES as Record<LandingSlug, LandingContent>;
