import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from '../lib/analytics';

export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => {
    track('page_view', { page_path: pathname, page_location: window.location.href });
  }, [pathname]);
}
