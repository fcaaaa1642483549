import { useQuery } from '@tanstack/react-query';
import { fetchWithSession } from '../../lib/api';
import { queryKeys } from '../../lib/queryKeys';

/**
 * An SVG's text, for the viewer: a public file (the examples) or, with `withSession`, a result
 * behind the bearer token. No retry: the viewer says at once when it cannot show it.
 */
export function useSvgText(url: string, { withSession = false } = {}) {
  return useQuery({
    queryKey: queryKeys.svgText(url),
    queryFn: async ({ signal }) => {
      const res = await (withSession ? fetchWithSession : fetch)(url, { signal });
      if (!res.ok) throw new Error(String(res.status));
      return res.text();
    },
    retry: false,
    staleTime: Infinity,
  });
}
