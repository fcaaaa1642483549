const LOOKS = {
  md: {
    group: 'rounded-xl p-1',
    option: 'rounded-lg px-4 py-2 font-semibold',
    off: 'text-muted hover:text-ink',
  },
  /** For a toolbar, as in the viewer. */
  sm: {
    group: 'rounded-lg p-0.5',
    option: 'rounded-md px-2.5 py-1 font-medium',
    off: 'text-ink hover:bg-canvas',
  },
} as const;

/** A row of pressed/unpressed buttons choosing one value of a few, named by `label`. */
export function Segmented<const T extends string>({
  label,
  options,
  value,
  onChange,
  size = 'md',
}: {
  label: string;
  options: readonly { id: T; label: string }[];
  value: T;
  onChange(value: NoInfer<T>): void;
  size?: keyof typeof LOOKS;
}) {
  const look = LOOKS[size];
  return (
    <div
      role="group"
      aria-label={label}
      className={`inline-flex border border-line bg-surface ${look.group}`}
    >
      {options.map((o) => (
        <button
          key={o.id}
          type="button"
          aria-pressed={value === o.id}
          onClick={() => onChange(o.id)}
          className={`${look.option} text-sm ${value === o.id ? 'btn-primary' : look.off}`}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}
