import { useEffect, useState } from 'react';
import { CheckIcon, SpinnerIcon, UploadIcon } from '../../components/icons';

export const DEMO_STEPS = ['Upload', 'Processing', 'Complete'] as const;
export const DEMO_INTERVAL_MS = 3000;

/** The hero's demo panel: a pixelated shape becomes a smooth vector, one step every 3 s. */
export function LiveDemo() {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setStep((s) => (s + 1) % DEMO_STEPS.length), DEMO_INTERVAL_MS);
    return () => clearInterval(id);
  }, []);

  return (
    <div
      className="rounded-3xl border border-line bg-surface p-5 shadow-xl"
      aria-label="Live demo"
      role="figure"
    >
      <ol className="flex gap-2" aria-label="Demo steps">
        {DEMO_STEPS.map((label, i) => (
          <li
            key={label}
            aria-current={i === step ? 'step' : undefined}
            className={`flex-1 rounded-full px-3 py-1 text-center text-xs font-semibold transition-colors ${
              i === step
                ? 'btn-primary'
                : i < step
                  ? 'bg-emerald-100 text-emerald-900'
                  : 'bg-canvas text-muted'
            }`}
          >
            {label}
          </li>
        ))}
      </ol>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <figure className="rounded-2xl border border-line bg-white p-2">
          <PixelArt />
          <figcaption className="mt-1 text-center text-xs text-slate-600">
            logo.png · 64×64 px
          </figcaption>
        </figure>
        <figure className="relative rounded-2xl border border-line bg-white p-2">
          {step === 0 && (
            <div className="flex aspect-square items-center justify-center text-slate-600">
              <UploadIcon size={36} />
            </div>
          )}
          {step === 1 && (
            <div className="flex aspect-square flex-col items-center justify-center gap-2 text-indigo-700">
              <SpinnerIcon size={36} />
              <span className="text-xs">Tracing curves...</span>
            </div>
          )}
          {step === 2 && <VectorArt />}
          <figcaption className="mt-1 text-center text-xs text-slate-600">
            {step === 2 ? 'logo.svg · any size' : 'vector output'}
          </figcaption>
        </figure>
      </div>
      <p className="mt-3 flex items-center gap-2 text-sm text-muted" aria-live="off">
        {step === 2 ? <CheckIcon size={16} className="text-emerald-700" /> : null}
        {step === 0 && 'Drop a JPG, PNG, GIF or BMP.'}
        {step === 1 && 'Regions, edges and curves are fitted.'}
        {step === 2 && 'Smooth edges at every zoom level.'}
      </p>
    </div>
  );
}

function PixelArt() {
  // A coarse 12×12 bitmap of the same mark the vector side draws smoothly.
  const cells: [number, number][] = [];
  for (let y = 0; y < 12; y++)
    for (let x = 0; x < 12; x++) {
      const dx = x - 5.5;
      const dy = y - 5.5;
      const r = Math.hypot(dx, dy);
      if (r < 5.6 && r > 2.4) cells.push([x, y]);
    }
  return (
    <svg
      viewBox="0 0 12 12"
      className="aspect-square w-full"
      shapeRendering="crispEdges"
      aria-hidden="true"
    >
      {cells.map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x} y={y} width="1" height="1" fill="#4338ca" />
      ))}
    </svg>
  );
}

function VectorArt() {
  return (
    <svg viewBox="0 0 12 12" className="aspect-square w-full" aria-hidden="true">
      <path
        fillRule="evenodd"
        fill="#4338ca"
        d="M6 0.4a5.6 5.6 0 1 1 0 11.2a5.6 5.6 0 1 1 0-11.2zM6 3.6a2.4 2.4 0 1 0 0 4.8a2.4 2.4 0 1 0 0-4.8z"
      />
    </svg>
  );
}
