import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { AccessibilityProvider } from '../src/features/accessibility/AccessibilityContext';
import { useAccessibility } from '../src/features/accessibility/useAccessibility';
import {
  DEFAULT_SETTINGS,
  SETTINGS_KEY,
  SETTING_LABELS,
  applyRootClasses,
  loadSettings,
} from '../src/features/accessibility/settings';

/** The provider with a probe inside; the function returned reads its current value. */
function renderProvider() {
  let api: ReturnType<typeof useAccessibility> | undefined;
  function Probe() {
    api = useAccessibility();
    return null;
  }
  render(
    <AccessibilityProvider>
      <Probe />
    </AccessibilityProvider>,
  );
  return () => api!;
}

describe('accessibility settings', () => {
  it('defaults: keyboard navigation, focus visible and auto focus on, the rest off', () => {
    const allOff = Object.fromEntries(Object.keys(SETTING_LABELS).map((key) => [key, false]));
    expect(Object.keys(allOff)).toHaveLength(9);
    expect(loadSettings()).toEqual({
      ...allOff,
      keyboardNavigation: true,
      focusVisible: true,
      autoFocus: true,
    });
  });

  it('merges stored values over the defaults and ignores junk', () => {
    localStorage.setItem(
      SETTINGS_KEY,
      JSON.stringify({ darkMode: true, focusVisible: false, bogus: true, largeText: 'yes' }),
    );
    const s = loadSettings();
    expect(s.darkMode).toBe(true);
    expect(s.focusVisible).toBe(false);
    expect(s.largeText).toBe(false);
    expect(s.autoFocus).toBe(true);
    expect(s).not.toHaveProperty('bogus');
  });

  it('survives a corrupt stored entry', () => {
    localStorage.setItem(SETTINGS_KEY, '{not json');
    expect(loadSettings()).toEqual(DEFAULT_SETTINGS);
  });

  it('applies one class per visual setting on the root element', () => {
    const root = document.createElement('html');
    applyRootClasses(
      {
        ...DEFAULT_SETTINGS,
        highContrast: true,
        largeText: true,
        reduceMotion: true,
        darkMode: true,
      },
      root,
    );
    expect([...root.classList].sort()).toEqual([
      'dark',
      'focus-visible',
      'high-contrast',
      'large-text',
      'reduce-motion',
    ]);
    applyRootClasses({ ...DEFAULT_SETTINGS, focusVisible: false }, root);
    expect(root.classList.length).toBe(0);
  });

  it('presets and reset update <html> classes and persist', () => {
    const api = renderProvider();
    act(() => api().applyVisionPreset());
    expect(document.documentElement).toHaveClass('high-contrast', 'large-text', 'focus-visible');
    expect(JSON.parse(localStorage.getItem(SETTINGS_KEY)!).highContrast).toBe(true);
    act(() => api().applyMotorPreset());
    expect(document.documentElement).toHaveClass('reduce-motion');
    act(() => api().reset());
    expect(document.documentElement).not.toHaveClass('high-contrast');
    expect(document.documentElement).not.toHaveClass('reduce-motion');
    expect(api().settings).toEqual(DEFAULT_SETTINGS);
  });

  it('announces through the live region only when screen-reader announcements are on', () => {
    const api = renderProvider();
    act(() => api().announce('Converted'));
    expect(screen.getByTestId('sr-announcer')).toHaveTextContent('');
    act(() => api().toggle('screenReader'));
    act(() => api().announce('Converted'));
    expect(screen.getByTestId('sr-announcer')).toHaveTextContent('Converted');
  });

  it('throws outside its provider', () => {
    function Probe() {
      useAccessibility();
      return null;
    }
    expect(() => render(<Probe />)).toThrow(/AccessibilityProvider/);
  });
});
