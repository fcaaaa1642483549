import { useLocation } from 'react-router';
import { Page, Section } from '../components/Page';
import { COMPANY } from '../content/company';
import type { CompanySlug } from '../content/companySlugs';

export default function CompanyPage() {
  const slug = useLocation().pathname.slice(1) as CompanySlug;
  const c = COMPANY[slug];
  if (!c) return null;
  return (
    <Page title={c.title} lead={c.lead}>
      {c.sections.map((s) => (
        <Section key={s.title} title={s.title}>
          {s.body}
        </Section>
      ))}
    </Page>
  );
}
