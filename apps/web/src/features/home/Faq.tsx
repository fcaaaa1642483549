import { useId, useState } from 'react';
import { ChevronDownIcon } from '../../components/icons';

export interface FaqEntry {
  question: string;
  answer: string;
}

/** Accordion: each question is a button controlling its answer. */
export function Faq({ entries }: { entries: FaqEntry[] }) {
  const [open, setOpen] = useState<number | null>(0);
  const base = useId();
  return (
    <div className="divide-y divide-line rounded-2xl border border-line bg-surface">
      {entries.map((e, i) => {
        const expanded = open === i;
        return (
          <div key={e.question}>
            <h3>
              <button
                type="button"
                id={`${base}-q${i}`}
                aria-expanded={expanded}
                aria-controls={`${base}-a${i}`}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold"
              >
                {e.question}
                <ChevronDownIcon
                  className={`shrink-0 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h3>
            <div
              id={`${base}-a${i}`}
              role="region"
              aria-labelledby={`${base}-q${i}`}
              hidden={!expanded}
              className="px-5 pb-4 text-muted"
            >
              {e.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
