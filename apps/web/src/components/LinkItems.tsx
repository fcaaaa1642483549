import { Link } from 'react-router';
import type { SiteLink } from '../content/siteLinks';

/** The items of a list of links (the footer's columns, the Converters menu), in one look. */
export function LinkItems({ links, className }: { links: SiteLink[]; className: string }) {
  return links.map((l) => (
    <li key={l.to}>
      <Link to={l.to} className={className}>
        {l.label}
      </Link>
    </li>
  ));
}
