import type { ButtonHTMLAttributes } from 'react';

const VARIANTS = {
  primary: 'btn-primary',
  secondary: 'border border-line',
  danger: 'bg-red-700 text-white',
} as const;

const SIZES = {
  lg: 'px-5 py-2.5',
  md: 'px-4 py-2',
  sm: 'px-3 py-1.5 text-sm',
  /** Full width, as in the dialogs' forms. */
  block: 'w-full px-4 py-2.5',
} as const;

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
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
  const classes = [
    VARIANTS[variant],
    'rounded-lg font-semibold disabled:opacity-70',
    SIZES[size],
    className,
  ];
  return (
    <button
      type={type}
      disabled={busy || disabled}
      className={classes.filter(Boolean).join(' ')}
      {...rest}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
