export const COMPANY_SLUGS = ['about', 'contact', 'careers', 'partners', 'legal'] as const;
export type CompanySlug = (typeof COMPANY_SLUGS)[number];
