import type { ReactNode } from 'react';

/**
 * One row of a list of files (results, history, saves, a batch's queue): the name and a line
 * about it on the left, what can be done with it on the right.
 */
export function ItemRow({
  name,
  details,
  detailsClass = 'text-sm text-muted',
  below,
  testId,
  className,
  children,
}: {
  name: string;
  details: ReactNode;
  detailsClass?: string;
  /** More lines under the details (quality, an error). */
  below?: ReactNode;
  testId: string;
  /** The row's box: gap, border, padding. */
  className: string;
  children: ReactNode;
}) {
  return (
    <li data-testid={testId} className={`flex flex-wrap items-center justify-between ${className}`}>
      <div className="min-w-0">
        <p className="truncate font-medium">{name}</p>
        <p className={detailsClass}>{details}</p>
        {below}
      </div>
      {children}
    </li>
  );
}
