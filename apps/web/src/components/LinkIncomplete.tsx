import type { ReactNode } from 'react';
import { Page } from './Page';

/** The page of an emailed link opened without its one-time code. */
export function LinkIncomplete({ lead, children }: { lead: string; children?: ReactNode }) {
  return (
    <Page title="Link incomplete" lead={lead}>
      {children}
    </Page>
  );
}
