import { useParams } from 'react-router';
import { Page } from '../components/Page';
import { COMPARISONS } from '@tracery/contracts';
import { NextSteps } from '../components/Button';
import { LinkCards } from '../components/LinkCards';
import { Table } from '../components/Table';

export default function ComparePage() {
  const { slug } = useParams();
  const c = COMPARISONS.find((x) => x.slug === slug);
  if (!c) {
    return (
      <Page
        title="Compare Tracery"
        lead="How Tracery compares with the other ways to turn an image into a vector."
      >
        <LinkCards
          cards={COMPARISONS.map((x) => ({
            to: `/compare/${x.slug}`,
            title: x.title,
            text: x.lead,
          }))}
          className="grid gap-4 md:grid-cols-2"
        />
      </Page>
    );
  }
  return (
    <Page title={c.title} lead={c.lead}>
      <div className="overflow-x-auto">
        <Table
          head={['Aspect', 'Tracery', c.them]}
          rows={c.rows}
          className="w-full min-w-[32rem] text-left text-sm"
          firstCellClass="font-medium"
          rowHeader
          rowClass="align-top"
        />
      </div>
      <p className="mt-6">{c.verdict}</p>
      <NextSteps
        main={{ to: '/convert', label: 'Try Tracery free' }}
        other={{ to: '/compare', label: 'All comparisons' }}
        className="mt-6 flex gap-3"
      />
    </Page>
  );
}
