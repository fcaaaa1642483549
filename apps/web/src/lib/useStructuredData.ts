import { useEffect } from 'react';

/** Injects a JSON-LD block for search engines while the page is shown. */
export function useStructuredData(data: Record<string, unknown>): void {
  const json = JSON.stringify(data);
  useEffect(() => {
    const el = document.createElement('script');
    el.type = 'application/ld+json';
    el.text = json;
    document.head.appendChild(el);
    return () => el.remove();
  }, [json]);
}
