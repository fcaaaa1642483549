import { useEffect, useRef } from 'react';
import { AccessibilityIcon } from '../../components/icons';
import { CloseButton } from '../../components/CloseButton';
import { useDisclosure } from '../../lib/useDisclosure';
import { SETTING_LABELS, type AccessibilitySettings } from './settings';
import { useAccessibility } from './useAccessibility';
import { restartTutorial } from '../tutorial/storage';

/** Floating button (bottom right) that opens the accessibility settings panel. */
export function AccessibilityButton() {
  const { open, setOpen, toggleProps } = useDisclosure('a11y-panel');
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={buttonRef}
        {...toggleProps}
        aria-label="Accessibility settings"
        className="floating-widget fixed right-4 bottom-4 z-40 rounded-full bg-brand p-3 text-white shadow-lg hover:bg-brand-strong dark:text-slate-950"
      >
        <AccessibilityIcon size={24} />
      </button>
      {open && (
        <AccessibilityPanel
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}

export function AccessibilityPanel({ onClose }: { onClose(): void }) {
  const { settings, toggle, applyVisionPreset, applyMotorPreset, reset } = useAccessibility();
  const ref = useRef<HTMLElement>(null);
  const initial = useRef({ onClose, autoFocus: settings.autoFocus });

  // Focus moves in once, when the panel opens.
  useEffect(() => {
    if (initial.current.autoFocus) ref.current?.querySelector<HTMLElement>('button')?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && initial.current.onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  return (
    <section
      ref={ref}
      id="a11y-panel"
      aria-labelledby="a11y-title"
      className="fixed right-4 bottom-20 z-50 max-h-[75vh] w-[22rem] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-5 text-ink shadow-2xl"
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <h2 id="a11y-title" className="text-lg font-bold">
            Accessibility
          </h2>
          <p
            className="mt-1 inline-block rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900"
            data-testid="wcag-badge"
          >
            WCAG 2.1 AA compliant
          </p>
        </div>
        <CloseButton label="Close accessibility settings" onClick={onClose} />
      </div>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">Quick presets</legend>
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={applyVisionPreset}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-canvas"
          >
            Vision preset
          </button>
          <button
            type="button"
            onClick={applyMotorPreset}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-canvas"
          >
            Motor preset
          </button>
          <button
            type="button"
            onClick={reset}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-canvas"
          >
            Reset to defaults
          </button>
        </div>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">Onboarding</legend>
        <button
          type="button"
          onClick={() => {
            restartTutorial();
            onClose();
          }}
          className="mt-2 rounded-lg border border-line px-3 py-1.5 text-sm font-medium hover:bg-canvas"
        >
          Restart tutorial
        </button>
      </fieldset>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold">Settings</legend>
        <ul className="mt-2 space-y-2">
          {(Object.keys(SETTING_LABELS) as (keyof AccessibilitySettings)[]).map((key) => (
            <li key={key}>
              <label className="flex cursor-pointer items-start justify-between gap-3 rounded-lg p-2 hover:bg-canvas">
                <span>
                  <span className="block text-sm font-medium">{SETTING_LABELS[key].label}</span>
                  <span className="block text-xs text-muted">{SETTING_LABELS[key].hint}</span>
                </span>
                <input
                  type="checkbox"
                  role="switch"
                  checked={settings[key]}
                  onChange={() => toggle(key)}
                  className="mt-1 h-5 w-5 accent-indigo-700"
                />
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </section>
  );
}
