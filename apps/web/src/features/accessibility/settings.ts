export interface AccessibilitySettings {
  highContrast: boolean;
  largeText: boolean;
  reduceMotion: boolean;
  screenReader: boolean;
  keyboardNavigation: boolean;
  focusVisible: boolean;
  darkMode: boolean;
  audioFeedback: boolean;
  autoFocus: boolean;
}

export const SETTINGS_KEY = 'accessibility-settings';

export const DEFAULT_SETTINGS: AccessibilitySettings = {
  highContrast: false,
  largeText: false,
  reduceMotion: false,
  screenReader: false,
  keyboardNavigation: true,
  focusVisible: true,
  darkMode: false,
  audioFeedback: false,
  autoFocus: true,
};

export const SETTING_LABELS: Record<keyof AccessibilitySettings, { label: string; hint: string }> =
  {
    highContrast: { label: 'High contrast', hint: 'Raise contrast to 150%' },
    largeText: { label: 'Large text', hint: 'Enlarge all text by 20%' },
    reduceMotion: { label: 'Reduce motion', hint: 'Stop animations and transitions' },
    screenReader: { label: 'Screen reader announcements', hint: 'Announce status changes aloud' },
    keyboardNavigation: {
      label: 'Keyboard navigation',
      hint: 'Shortcuts and full keyboard support',
    },
    focusVisible: {
      label: 'Focus indicators',
      hint: 'Show a strong outline on the focused element',
    },
    darkMode: { label: 'Dark mode', hint: 'Light text on a dark background' },
    audioFeedback: { label: 'Audio feedback', hint: 'Short tones for success and errors' },
    autoFocus: { label: 'Auto focus', hint: 'Move focus into dialogs and new content' },
  };

/** Stored settings merged over the defaults; unknown or non-boolean entries are ignored. */
export function loadSettings(
  storage: Pick<Storage, 'getItem'> = localStorage,
): AccessibilitySettings {
  const merged = { ...DEFAULT_SETTINGS };
  try {
    const raw = storage.getItem(SETTINGS_KEY);
    if (!raw) return merged;
    const stored: unknown = JSON.parse(raw);
    if (!stored || typeof stored !== 'object') return merged;
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof AccessibilitySettings)[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') merged[key] = value;
    }
  } catch {
    // corrupt entry: defaults
  }
  return merged;
}

/** Root-element classes for the settings that change the page's look. */
export const ROOT_CLASSES: Partial<Record<keyof AccessibilitySettings, string>> = {
  highContrast: 'high-contrast',
  largeText: 'large-text',
  reduceMotion: 'reduce-motion',
  darkMode: 'dark',
  focusVisible: 'focus-visible',
};

export function applyRootClasses(
  settings: AccessibilitySettings,
  root: HTMLElement = document.documentElement,
): void {
  for (const [key, cls] of Object.entries(ROOT_CLASSES) as [
    keyof AccessibilitySettings,
    string,
  ][]) {
    root.classList.toggle(cls, settings[key]);
  }
}

export const VISION_PRESET: Partial<AccessibilitySettings> = {
  highContrast: true,
  largeText: true,
  focusVisible: true,
};
export const MOTOR_PRESET: Partial<AccessibilitySettings> = {
  keyboardNavigation: true,
  reduceMotion: true,
  focusVisible: true,
};

export const ANNOUNCEMENT_MS = 3000;

/** A 0.1 s tone: 800 Hz for success, 400 Hz otherwise. */
export function playTone(kind: 'success' | 'error' | 'info'): void {
  const Ctx =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = kind === 'success' ? 800 : 400;
    gain.gain.value = 0.1;
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.1);
    osc.onended = () => void ctx.close();
  } catch {
    // audio blocked by the browser
  }
}
