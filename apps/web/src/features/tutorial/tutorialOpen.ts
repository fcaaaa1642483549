import { useSyncExternalStore } from 'react';

/**
 * Set on <html> while the tutorial card shows: the floating buttons (styles.css) and the toasts
 * (ThemedToaster) make room for it.
 */
export const TUTORIAL_OPEN_ATTRIBUTE = 'data-tutorial-open';

function subscribe(onChange: () => void) {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: [TUTORIAL_OPEN_ATTRIBUTE],
  });
  return () => observer.disconnect();
}

export function useTutorialOpen(): boolean {
  return useSyncExternalStore(subscribe, () =>
    document.documentElement.hasAttribute(TUTORIAL_OPEN_ATTRIBUTE),
  );
}
