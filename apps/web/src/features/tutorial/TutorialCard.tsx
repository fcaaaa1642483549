import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { CloseButton } from '../../components/CloseButton';
import { TUTORIAL_STEPS, type TutorialStep } from './steps';
import { markOnboardingProgress } from './storage';
import { Button } from '../../components/Button';

interface Props {
  step: number;
  completed: TutorialStep['id'][];
  onNext(): void;
  onPrevious(): void;
  onJump(index: number): void;
  onSkip(): void;
}

/** Non-blocking tutorial card; interactive steps outline their target on the page. */
export function TutorialCard({ step, completed, onNext, onPrevious, onJump, onSkip }: Props) {
  const current = TUTORIAL_STEPS[step];
  const total = TUTORIAL_STEPS.length;
  const percent = Math.round((completed.length / total) * 100);
  const remaining = total - completed.length;
  const target = current.content.type === 'interactive' ? current.content.target : null;

  const card = useRef<HTMLElement>(null);
  const dock = useDock(card, target);

  return (
    <section
      ref={card}
      role="region"
      aria-labelledby="tutorial-title"
      data-testid="tutorial"
      className={`fixed left-4 z-30 max-h-[calc(100vh-5rem)] w-[24rem] max-w-[calc(100vw-2rem)] overflow-y-auto rounded-2xl border border-line bg-surface p-4 text-ink shadow-2xl sm:p-5 ${dock === 'top' ? 'top-20' : 'bottom-4'}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="text-xs font-semibold text-brand">
            Step {step + 1} of {total}
          </p>
          <h2 id="tutorial-title" className="mt-1 text-lg font-bold">
            {current.title}
          </h2>
        </div>
        <CloseButton label="Close tutorial" onClick={onSkip} />
      </div>
      <p className="mt-1 text-sm text-muted">{current.description}</p>
      <StepBody step={current} targetMissing={!!target && !document.querySelector(target)} />
      <div className="mt-4" aria-label="Tutorial progress">
        <div className="flex justify-between text-xs text-muted">
          <span>{percent}% complete</span>
          <span>
            {remaining} {remaining === 1 ? 'step' : 'steps'} remaining
          </span>
        </div>
        <div
          className="mt-1 h-1.5 rounded-full bg-canvas"
          role="progressbar"
          aria-label="Tutorial completion"
          aria-valuenow={percent}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div className="h-1.5 rounded-full bg-brand" style={{ width: `${percent}%` }} />
        </div>
      </div>
      <ol className="mt-3 flex gap-1.5" aria-label="Tutorial steps">
        {TUTORIAL_STEPS.map((s, i) => (
          <li key={s.id}>
            <button
              type="button"
              onClick={() => onJump(i)}
              aria-label={`Step ${i + 1} of ${total}`}
              aria-current={i === step ? 'step' : undefined}
              title={s.title}
              className={`h-7 w-7 rounded-full text-xs font-semibold ${
                i === step
                  ? 'btn-primary'
                  : completed.includes(s.id)
                    ? 'bg-emerald-100 text-emerald-900'
                    : 'bg-canvas text-muted'
              }`}
            >
              {i + 1}
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-4 flex items-center justify-between gap-2">
        <button type="button" onClick={onSkip} className="text-sm font-medium text-muted underline">
          Skip tutorial
        </button>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={onPrevious}
            disabled={step === 0}
            className="rounded-lg border border-line px-3 py-1.5 text-sm font-medium disabled:opacity-50"
          >
            Previous
          </button>
          <Button size="sm" onClick={onNext}>
            {current.actionLabel}
          </Button>
        </div>
      </div>
    </section>
  );
}

const HEADER_PX = 64;
const TOP_DOCK_PX = 80; // top-20
const GAP_PX = 12;

/**
 * Highlights the step's target and keeps the card off it: the target is scrolled to just below the
 * header and the card docks at the bottom, or at the top when the target has to stay low.
 */
function useDock(card: RefObject<HTMLElement | null>, target: string | null) {
  const [dock, setDock] = useState<'top' | 'bottom'>('bottom');
  useEffect(() => {
    if (!target) {
      setDock('bottom');
      return;
    }
    const el = document.querySelector<HTMLElement>(target);
    if (!el) return;
    el.classList.add('tutorial-highlight');
    const cardHeight = card.current?.offsetHeight ?? 0;
    const top = window.scrollY + el.getBoundingClientRect().top - HEADER_PX - GAP_PX;
    window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
    const rect = el.getBoundingClientRect();
    const clearOfBottomCard = rect.bottom <= window.innerHeight - cardHeight - GAP_PX * 2;
    const clearOfTopCard = rect.top >= TOP_DOCK_PX + cardHeight + GAP_PX;
    setDock(!clearOfBottomCard && clearOfTopCard ? 'top' : 'bottom');
    return () => el.classList.remove('tutorial-highlight');
  }, [card, target]);
  return dock;
}

function StepBody({ step, targetMissing }: { step: TutorialStep; targetMissing: boolean }) {
  const c = step.content;
  if (c.type === 'intro') {
    return (
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm">
        {c.points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    );
  }
  if (c.type === 'interactive') {
    return (
      <p className="mt-3 rounded-lg bg-brand-soft p-3 text-sm text-ink">
        {c.instruction}
        {targetMissing && (
          <>
            {' '}
            <Link to="/convert" className="font-semibold text-brand underline">
              Open the converter
            </Link>{' '}
            to try it.
          </>
        )}
      </p>
    );
  }
  return (
    <ul className="mt-3 space-y-2">
      {c.features.map((f) => (
        <li key={f.link}>
          <a
            href={f.link}
            target="_blank"
            rel="noopener"
            onClick={() => markOnboardingProgress('hasExplored')}
            className="block rounded-lg border border-line p-3 hover:bg-canvas"
          >
            <span className="block text-sm font-semibold">
              {f.title} <span className="sr-only">(opens in a new tab)</span>
            </span>
            <span className="block text-xs text-muted">{f.description}</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
