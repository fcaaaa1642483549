import { useEffect } from 'react';

function setTag(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let tag = document.head.querySelector<HTMLElement>(selector);
  if (!tag) {
    tag = create();
    document.head.appendChild(tag);
  }
  tag.setAttribute(attr, value);
}

function meta(key: 'name' | 'property', value: string) {
  return () => {
    const tag = document.createElement('meta');
    tag.setAttribute(key, value);
    return tag;
  };
}

/**
 * Sets the document title, description and the Open Graph tags for the current page after a
 * client-side navigation (the server writes them into the first HTML for crawlers and previews).
 */
export function usePageMeta(title: string, description?: string): void {
  useEffect(() => {
    document.title = `${title} | Tracery`;
    setTag('meta[property="og:title"]', meta('property', 'og:title'), 'content', title);
    if (description) {
      setTag('meta[name="description"]', meta('name', 'description'), 'content', description);
      setTag(
        'meta[property="og:description"]',
        meta('property', 'og:description'),
        'content',
        description,
      );
    }
    const canonical = document.head.querySelector('link[rel="canonical"]');
    canonical?.setAttribute('href', `${location.origin}${location.pathname}`);
  }, [title, description]);
}
