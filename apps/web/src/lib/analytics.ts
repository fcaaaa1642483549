type Params = Record<string, string | number | boolean | undefined>;

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes an event for the analytics service (§7); a no-op store when none is loaded. */
export function track(event: string, params: Params = {}): void {
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ event, ...params });
  if (import.meta.env.DEV && import.meta.env.MODE !== 'test')
    console.debug('[analytics]', event, params);
}

export function trackException(description: string, fatal = false): void {
  track('exception', { description, page_location: window.location.href, fatal });
}
