import type { InputHTMLAttributes, ReactNode } from 'react';

export const INPUT_CLASS =
  'mt-1 block w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'className'> & {
  id: string;
  label: string;
  onValue(value: string): void;
  hint?: ReactNode;
  /** The input's classes where it is not the full-width field of a form (a toolbar, say). */
  inputClass?: string;
};

/** A labelled text input, the one form field of the app's dialogs and account pages. */
export function TextField({ id, label, onValue, hint, inputClass = INPUT_CLASS, ...input }: Props) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <input id={id} {...input} onChange={(e) => onValue(e.target.value)} className={inputClass} />
      {hint}
    </div>
  );
}

/** What the app's named fields take: the rest of their input is fixed. */
type ValueProps = { id: string; value: string; onValue(value: string): void };

/** A new password (at least 8 characters, as the server requires), with its hint. */
export function NewPasswordField({ id, ...value }: ValueProps) {
  return (
    <TextField
      id={id}
      {...value}
      label="Password"
      type="password"
      required
      minLength={8}
      autoComplete="new-password"
      aria-describedby={`${id}-hint`}
      hint={
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          At least 8 characters.
        </p>
      }
    />
  );
}

/** The account's email address. */
export function EmailField(props: ValueProps) {
  return (
    <TextField {...props} label="Email" name="email" type="email" autoComplete="email" required />
  );
}
