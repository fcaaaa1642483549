export type ScriptStatus = 'initial' | 'pending' | 'resolved' | 'rejected';

const cache = new Map<string, Promise<void>>();

/** Loads a third-party script once; later calls share the same promise. */
export function loadScript(src: string, attrs: Record<string, string> = {}): Promise<void> {
  const existing = cache.get(src);
  if (existing) return existing;
  const promise = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    el.onload = () => resolve();
    el.onerror = () => {
      cache.delete(src);
      el.remove();
      reject(new Error(`Failed to load ${src}`));
    };
    document.head.appendChild(el);
  });
  cache.set(src, promise);
  return promise;
}
