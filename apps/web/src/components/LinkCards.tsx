import { Link } from 'react-router';

export interface LinkCard {
  to: string;
  title: string;
  text: string;
}

/** A grid of cards that each lead to a page: a title and a line about it. */
export function LinkCards({
  cards,
  className,
  large = false,
}: {
  cards: LinkCard[];
  /** The grid's columns and gaps. */
  className: string;
  large?: boolean;
}) {
  return (
    <ul className={className}>
      {cards.map((c) => (
        <li key={c.to}>
          <Link
            to={c.to}
            className="block h-full rounded-2xl border border-line bg-surface p-5 hover:border-brand"
          >
            <span className={`block font-semibold ${large ? 'text-lg' : ''}`}>{c.title}</span>
            <span className={`mt-1 block text-muted ${large ? '' : 'text-sm'}`}>{c.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
