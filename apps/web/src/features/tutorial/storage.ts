import type { TutorialStep } from './steps';

export const COMPLETED_KEY = 'onboarding-completed';
export const COMPLETED_STEPS_KEY = 'onboarding-completed-steps';
export const PROGRESS_KEY = 'onboarding-progress';
export const NEW_ACCOUNT_MS = 24 * 60 * 60 * 1000;

export interface OnboardingProgress {
  hasUploaded: boolean;
  hasConverted: boolean;
  hasDownloaded: boolean;
  hasExplored: boolean;
}

/** Shown automatically only to accounts younger than 24 hours that have not finished or skipped it. */
export function shouldShowTutorial(
  user: { created_at: string } | null,
  storage: Pick<Storage, 'getItem'>,
  now = Date.now(),
): boolean {
  if (!user) return false;
  if (storage.getItem(COMPLETED_KEY)) return false;
  const created = Date.parse(user.created_at);
  if (Number.isNaN(created)) return false;
  return now - created < NEW_ACCOUNT_MS;
}

export function readCompletedSteps(
  storage: Pick<Storage, 'getItem'> = localStorage,
): TutorialStep['id'][] {
  try {
    const v: unknown = JSON.parse(storage.getItem(COMPLETED_STEPS_KEY) ?? '[]');
    return Array.isArray(v) ? (v.filter((x) => typeof x === 'string') as TutorialStep['id'][]) : [];
  } catch {
    return [];
  }
}

export function markOnboardingProgress(key: keyof OnboardingProgress): void {
  try {
    const current = JSON.parse(
      localStorage.getItem(PROGRESS_KEY) ?? '{}',
    ) as Partial<OnboardingProgress>;
    if (current[key]) return;
    localStorage.setItem(PROGRESS_KEY, JSON.stringify({ ...current, [key]: true }));
  } catch {
    // storage unavailable
  }
}

export const RESTART_EVENT = 'tracery:restart-tutorial';

/** Clears the tutorial's progress and asks the host to show it again from step 1. */
export function restartTutorial(): void {
  localStorage.removeItem(COMPLETED_KEY);
  localStorage.setItem(COMPLETED_STEPS_KEY, '[]');
  window.dispatchEvent(new Event(RESTART_EVENT));
}
