import type { InputHTMLAttributes, ReactNode } from 'react';

const INPUT_CLASS =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className'> & {
  id: string;
  label: string;
  onValue(value: string): void;
  hint?: ReactNode;
};

/** A labelled text input, the one form field of the app's dialogs and account pages. */
export function TextField({ id, label, onValue, hint, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} {...input} onChange={(e) => onValue(e.target.value)} className={INPUT_CLASS} />
      {hint}
    </div>
  );
}
