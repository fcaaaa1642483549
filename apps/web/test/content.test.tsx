import { describe, expect, it } from 'vitest';
import { LANDING } from '../src/content/landing';
import { LANDING_SLUGS } from '../src/content/landingSlugs';
import { COMPANY } from '../src/content/company';
import { COMPANY_SLUGS } from '../src/content/companySlugs';

const BANNED = /lorem ipsum|coming soon|99\.9%|50,000\+|12,500\+/i;

describe('written content', () => {
  it('has a landing page for every converter route, with real text', () => {
    for (const slug of LANDING_SLUGS) {
      const page = LANDING[slug];
      expect(page, slug).toBeDefined();
      expect(page.benefits.length).toBeGreaterThanOrEqual(3);
      expect(JSON.stringify(page)).not.toMatch(BANNED);
    }
    expect(Object.keys(LANDING).sort()).toEqual([...LANDING_SLUGS].sort());
  });

  it('has every company page', () => {
    for (const slug of COMPANY_SLUGS) expect(COMPANY[slug].sections.length).toBeGreaterThan(0);
  });
});
