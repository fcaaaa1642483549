import {
  createContext,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { toast } from 'sonner';
import {
  ANNOUNCEMENT_MS,
  DEFAULT_SETTINGS,
  MOTOR_PRESET,
  SETTINGS_KEY,
  VISION_PRESET,
  applyRootClasses,
  loadSettings,
  playTone,
  type AccessibilitySettings,
} from './settings';

export interface AccessibilityState {
  settings: AccessibilitySettings;
  toggle(key: keyof AccessibilitySettings): void;
  applyVisionPreset(): void;
  applyMotorPreset(): void;
  reset(): void;
  /** Screen-reader message (aria-live, about 3 s) when that setting is on; a tone when audio feedback is on. */
  announce(message: string, kind?: 'success' | 'error' | 'info'): void;
}

export const AccessibilityContext = createContext<AccessibilityState | null>(null);

export function AccessibilityProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState<AccessibilitySettings>(() => loadSettings());
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  useEffect(() => {
    applyRootClasses(settings);
    try {
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
    } catch {
      // storage unavailable
    }
  }, [settings]);

  // Toasts are already announced by sonner's own live region; this extra channel is opt-in
  // (the screenReader setting) so the same text is not read, or found, twice by default.
  const announce = useCallback((text: string, kind: 'success' | 'error' | 'info' = 'info') => {
    if (settingsRef.current.screenReader) {
      setMessage(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setMessage(''), ANNOUNCEMENT_MS);
    }
    if (settingsRef.current.audioFeedback) playTone(kind);
  }, []);

  const value = useMemo<AccessibilityState>(
    () => ({
      settings,
      toggle: (key) => setSettings((s) => ({ ...s, [key]: !s[key] })),
      applyVisionPreset: () => {
        setSettings((s) => ({ ...s, ...VISION_PRESET }));
        toast.success('Vision accessibility enabled');
        announce('Vision accessibility enabled', 'success');
      },
      applyMotorPreset: () => {
        setSettings((s) => ({ ...s, ...MOTOR_PRESET }));
        toast.success('Motor accessibility enabled');
        announce('Motor accessibility enabled', 'success');
      },
      reset: () => {
        setSettings(DEFAULT_SETTINGS);
        toast.success('Accessibility settings reset to defaults');
        announce('Accessibility settings reset to defaults', 'success');
      },
      announce,
    }),
    [settings, announce],
  );

  return (
    <AccessibilityContext.Provider value={value}>
      {children}
      <div
        role="status"
        aria-live="polite"
        aria-atomic="true"
        className="sr-only"
        data-testid="sr-announcer"
      >
        {message}
      </div>
    </AccessibilityContext.Provider>
  );
}
