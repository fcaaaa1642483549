import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { useAuth } from '../auth/useAuth';
import { BookIcon } from '../../components/icons';
import { TUTORIAL_STEPS } from './steps';
import {
  COMPLETED_KEY,
  COMPLETED_STEPS_KEY,
  RESTART_EVENT,
  readCompletedSteps,
  restartTutorial,
  shouldShowTutorial,
} from './storage';
import { TutorialCard } from './TutorialCard';
import { TUTORIAL_OPEN_ATTRIBUTE } from './tutorialOpen';

/** Decides when the onboarding tutorial shows and renders it or the floating Tutorial button. */
export function TutorialHost() {
  const { user } = useAuth();
  const [visible, setVisible] = useState(false);
  const [step, setStep] = useState(0);
  const [done, setDone] = useState(() => readCompletedSteps());

  useEffect(() => {
    if (shouldShowTutorial(user, localStorage)) setVisible(true);
  }, [user]);

  // The Tutorial button and the accessibility panel's "Restart tutorial" both land here.
  useEffect(() => {
    const onRestart = () => {
      setDone([]);
      setStep(0);
      setVisible(true);
    };
    window.addEventListener(RESTART_EVENT, onRestart);
    return () => window.removeEventListener(RESTART_EVENT, onRestart);
  }, []);

  useEffect(() => {
    document.documentElement.toggleAttribute(TUTORIAL_OPEN_ATTRIBUTE, visible);
    return () => document.documentElement.removeAttribute(TUTORIAL_OPEN_ATTRIBUTE);
  }, [visible]);

  const persistDone = (ids: typeof done) => {
    setDone(ids);
    localStorage.setItem(COMPLETED_STEPS_KEY, JSON.stringify(ids));
  };

  const finish = useCallback((skipped: boolean) => {
    localStorage.setItem(COMPLETED_KEY, 'true');
    setVisible(false);
    if (skipped) toast.info('Onboarding skipped. You can restart it anytime from settings');
    else toast.success("Welcome aboard! You're ready to convert your first image.");
  }, []);

  const next = () => {
    const id = TUTORIAL_STEPS[step].id;
    const ids = done.includes(id) ? done : [...done, id];
    persistDone(ids);
    if (step === TUTORIAL_STEPS.length - 1) finish(false);
    else setStep(step + 1);
  };

  // With the other floating buttons, above chat and accessibility, clear of the page's content.
  if (!visible) {
    return (
      <button
        type="button"
        onClick={restartTutorial}
        className="floating-widget fixed right-4 bottom-36 z-40 inline-flex items-center gap-1.5 rounded-full border border-line bg-surface px-3 py-1.5 text-xs font-semibold text-ink shadow-md hover:bg-canvas"
      >
        <BookIcon size={14} /> Tutorial
      </button>
    );
  }
  return (
    <TutorialCard
      step={step}
      completed={done}
      onNext={next}
      onPrevious={() => setStep((s) => Math.max(0, s - 1))}
      onJump={setStep}
      onSkip={() => finish(true)}
    />
  );
}
