import { usePathContent } from '../lib/usePathContent';
import { Page, Section } from '../components/Page';
import { COMPANY } from '../content/company';

export default function CompanyPage() {
  const [, c] = usePathContent(COMPANY);
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
