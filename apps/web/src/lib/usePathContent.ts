import { useLocation } from 'react-router';

/** The slug of this page's path (`/about` is `about`) and its entry in `table`, if any. */
export function usePathContent<S extends string, T>(
  table: Record<S, T>,
): [slug: S, content: T | undefined] {
  const slug = useLocation().pathname.slice(1) as S;
  return [slug, table[slug]];
}
