import { SpinnerIcon } from '../components/icons';

export function LoadingScreen() {
  return (
    <div
      role="status"
      className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-muted"
    >
      <SpinnerIcon size={36} className="text-brand" />
      <p>Loading the product...</p>
    </div>
  );
}
