export type AdPlacement = 'header' | 'footer' | 'sidebar' | 'content' | 'other';

const MIN_HEIGHT: Record<AdPlacement, number> = {
  header: 90,
  footer: 90,
  sidebar: 250,
  content: 300,
  other: 100,
};

/**
 * A labelled advertisement placement for free and anonymous users (callers decide who sees it).
 * No ad network is configured in this build, so the slot shows Tracery's own house ad.
 */
export function AdSlot({ placement }: { placement: AdPlacement }) {
  return (
    <div
      data-testid={`ad-${placement}`}
      className="flex flex-col overflow-hidden rounded-xl border border-dashed border-line bg-surface"
      style={{ minHeight: MIN_HEIGHT[placement] }}
    >
      <p className="px-3 pt-2 text-[11px] font-semibold tracking-wide text-muted uppercase">
        Advertisement
      </p>
      <div className="flex flex-1 flex-col items-center justify-center gap-1 px-4 pb-3 text-center">
        <p className="font-semibold">Convert without ads</p>
        <p className="text-sm text-muted">
          Paid plans remove advertisements and add EPS and DXF output.
        </p>
        <a href="/pricing" className="mt-1 text-sm font-semibold text-brand underline">
          Compare plans
        </a>
      </div>
    </div>
  );
}
