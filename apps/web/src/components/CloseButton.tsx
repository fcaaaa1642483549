import { CloseIcon } from './icons';

/** The × that closes a panel or card; `label` says what it closes, for screen readers. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      className="rounded-lg p-1.5 text-muted hover:bg-canvas"
    >
      <CloseIcon />
    </button>
  );
}
