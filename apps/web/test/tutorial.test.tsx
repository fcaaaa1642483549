import { describe, expect, it } from 'vitest';
import { COMPLETED_KEY, shouldShowTutorial } from '../src/features/tutorial/storage';
import { TUTORIAL_STEPS } from '../src/features/tutorial/steps';

const NOW = Date.parse('2026-11-22T12:00:00Z');
const hoursAgo = (h: number) => ({ created_at: new Date(NOW - h * 3_600_000).toISOString() });

describe('onboarding tutorial', () => {
  it('has the six steps in order with their durations', () => {
    expect(TUTORIAL_STEPS.map((s) => s.id)).toEqual([
      'welcome',
      'upload',
      'settings',
      'convert',
      'download',
      'explore',
    ]);
    expect(TUTORIAL_STEPS.map((s) => s.duration)).toEqual([3000, 5000, 4000, 6000, 3000, 8000]);
    expect(TUTORIAL_STEPS.at(-1)!.actionLabel).toBe('Get Started');
  });

  it('targets the stable test ids of the converter', () => {
    const targets = TUTORIAL_STEPS.flatMap((s) =>
      s.content.type === 'interactive' ? [s.content.target] : [],
    );
    expect(targets).toEqual([
      '[data-testid="upload-area"]',
      '[data-testid="conversion-settings"]',
      '[data-testid="convert-button"]',
      '[data-testid="download-area"]',
    ]);
  });

  it('shows only for accounts younger than 24 hours that have not completed it', () => {
    expect(shouldShowTutorial(hoursAgo(1), localStorage, NOW)).toBe(true);
    expect(shouldShowTutorial(hoursAgo(23.9), localStorage, NOW)).toBe(true);
    expect(shouldShowTutorial(hoursAgo(24), localStorage, NOW)).toBe(false);
    expect(shouldShowTutorial(hoursAgo(100), localStorage, NOW)).toBe(false);
    expect(shouldShowTutorial(null, localStorage, NOW)).toBe(false);
    localStorage.setItem(COMPLETED_KEY, 'true');
    expect(shouldShowTutorial(hoursAgo(1), localStorage, NOW)).toBe(false);
  });
});
