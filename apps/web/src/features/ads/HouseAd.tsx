/** Tracery's own advertisement: what every slot shows without an ad network or consent. */
export function HouseAd() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-1 px-4 pb-3 text-center">
      <p className="font-semibold">Convert without ads</p>
      <p className="text-sm text-muted">
        Paid plans remove advertisements and add EPS and DXF output.
      </p>
      <a href="/pricing" className="mt-1 text-sm font-semibold text-brand underline">
        Compare plans
      </a>
    </div>
  );
}
