import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

const VARIANTS = {
  primary: 'btn-primary',
  secondary: 'border border-line',
  danger: 'bg-red-700 text-white',
  /** A border in the text's colour, for a button on a coloured notice. */
  outline: 'border border-current',
} as const;

const SIZES = {
  lg: 'px-5 py-2.5',
  md: 'px-4 py-2',
  sm: 'px-3 py-1.5 text-sm',
  /** Full width, as in the dialogs' forms. */
  block: 'w-full px-4 py-2.5',
} as const;

type Look = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

/** The classes of a button's look, for a link that looks like a button. */
export function buttonClass({ variant = 'primary', size = 'lg' }: Look = {}, extra?: string) {
  return [VARIANTS[variant], 'rounded-lg font-semibold disabled:opacity-70', SIZES[size], extra]
    .filter(Boolean)
    .join(' ');
}

type Props = ButtonHTMLAttributes<HTMLButtonElement> &
  Look & {
    /** While true the button is disabled and shows `busyLabel` instead of its children. */
    busy?: boolean;
    busyLabel?: string;
  };

/** The app's button: one look per variant and size; everything else goes to the <button>. */
export function Button({
  variant = 'primary',
  size = 'lg',
  busy = false,
  busyLabel = 'Loading...',
  type = 'button',
  disabled,
  className,
  children,
  ...rest
}: Props) {
  return (
    <button
      type={type}
      disabled={busy || disabled}
      className={buttonClass({ variant, size }, className)}
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** A link drawn as a button (a call to action that goes to another page). */
export function ButtonLink({ variant, size, className, ...link }: LinkProps & Look) {
  return <Link {...link} className={buttonClass({ variant, size }, className)} />;
}

/** A page's next steps: the main call to action and a quieter one beside it. */
export function NextSteps({
  main,
  other,
  className,
}: {
  main: { to: string; label: string };
  other: { to: string; label: string };
  className: string;
}) {
  return (
    <div className={className}>
      <ButtonLink to={main.to}>{main.label}</ButtonLink>
      <ButtonLink variant="secondary" className="bg-surface" to={other.to}>
        {other.label}
      </ButtonLink>
    </div>
  );
}
