import type { ReactNode } from 'react';

const pad = (i: number, count: number) => (i < count - 1 ? 'py-2 pr-4' : 'py-2');

/** A plain table: a row of column headings, then rows whose first cell names the row. */
export function Table({
  head,
  rows,
  className,
  firstCellClass,
  rowHeader = false,
  rowClass = '',
}: {
  head: ReactNode[];
  rows: [string | number, ...ReactNode[]][];
  className: string;
  firstCellClass: string;
  /** Mark each row's first cell as its header (a comparison's aspect). */
  rowHeader?: boolean;
  rowClass?: string;
}) {
  const FirstCell = rowHeader ? 'th' : 'td';
  return (
    <table className={className}>
      <thead>
        <tr className="border-b border-line">
          {head.map((h, i) => (
            <th key={i} scope="col" className={pad(i, head.length)}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([first, ...rest]) => (
          <tr key={first} className={`border-b border-line ${rowClass}`}>
            <FirstCell
              scope={rowHeader ? 'row' : undefined}
              className={`${pad(0, rest.length + 1)} ${firstCellClass}`}
            >
              {first}
            </FirstCell>
            {rest.map((cell, i) => (
              <td key={i} className={pad(i + 1, rest.length + 1)}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
