import { useSyncExternalStore } from 'react';

/** The visitor's answer to "show partner ads?": asked once, remembered on this device. */
export type AdConsent = 'granted' | 'denied' | null;
export const AD_CONSENT_KEY = 'ads-consent';
const CHANGED = 'tracery:ads-consent';

function read(): AdConsent {
  try {
    const v = localStorage.getItem(AD_CONSENT_KEY);
    return v === 'granted' || v === 'denied' ? v : null;
  } catch {
    return null;
  }
}

/** Records the answer; null forgets it, so the question is asked again. */
export function setAdConsent(answer: AdConsent): void {
  if (answer) localStorage.setItem(AD_CONSENT_KEY, answer);
  else localStorage.removeItem(AD_CONSENT_KEY);
  window.dispatchEvent(new Event(CHANGED));
}

export function useAdConsent(): AdConsent {
  return useSyncExternalStore((onChange) => {
    window.addEventListener(CHANGED, onChange);
    window.addEventListener('storage', onChange);
    return () => {
      window.removeEventListener(CHANGED, onChange);
      window.removeEventListener('storage', onChange);
    };
  }, read);
}
