import { useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { formatBytes } from '../convert/types';
import { useObjectUrl } from './useObjectUrl';
import { outlineSvg, svgFacts } from './svgFacts';
import { FIT, ZOOM_STEP, ZoomPane, zoomAt, type View } from './ZoomPane';
import { Segmented } from '../../components/Segmented';

type Mode = 'side' | 'overlay' | 'outline';
const MODES: { id: Mode; label: string }[] = [
  { id: 'side', label: 'Side by side' },
  { id: 'overlay', label: 'Overlay' },
  { id: 'outline', label: 'Outline' },
];

/**
 * The original and the traced SVG side by side, as an overlay with a slider, or as outlines;
 * zoom to 1600% and pan with pointer, wheel and keyboard; colours, shapes, nodes and file size.
 */
export function ComparisonViewer({
  name,
  svg,
  originalUrl,
  testId,
  children,
}: {
  /** The original file's name, for labels. */
  name: string;
  /** The vector, once loaded. */
  svg: string | null;
  originalUrl: string | null;
  testId: string;
  /** More to offer under the facts (other formats, credits). */
  children?: ReactNode;
}) {
  const [mode, setMode] = useState<Mode>('side');
  const [view, setView] = useState<View>(FIT);
  const [reveal, setReveal] = useState(50);
  const facts = useMemo(() => (svg ? svgFacts(svg) : null), [svg]);
  const vectorBlob = useMemo(
    () =>
      svg
        ? new Blob([mode === 'outline' ? outlineSvg(svg) : svg], { type: 'image/svg+xml' })
        : null,
    [svg, mode],
  );
  const vectorUrl = useObjectUrl(vectorBlob);
  const helpId = useId();
  const pane = { helpId, view, onView: setView };

  const zoomBy = (factor: number, pane?: HTMLElement | null) => {
    const w = pane?.clientWidth ?? 0;
    const h = pane?.clientHeight ?? 0;
    setView((v) => zoomAt(v, factor, w / 2, h / 2));
  };
  const firstPane = useRef<HTMLDivElement>(null);

  const vector = vectorUrl && (
    <img
      src={vectorUrl}
      alt={`${mode === 'outline' ? 'Outlines of the vector' : 'Vector'} of ${name}`}
      className="h-full w-full object-contain"
      draggable={false}
    />
  );
  const raster = originalUrl && (
    <img
      src={originalUrl}
      alt={`Original: ${name}`}
      className="h-full w-full object-contain [image-rendering:pixelated]"
      draggable={false}
    />
  );

  return (
    <section
      data-testid={testId}
      aria-label={`Original and vector of ${name}`}
      className="mt-3 rounded-xl border border-line bg-canvas p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Segmented label="View" options={MODES} value={mode} onChange={setMode} size="sm" />
        <div role="group" aria-label="Zoom" className="inline-flex items-center gap-1">
          <button
            type="button"
            onClick={() => zoomBy(1 / ZOOM_STEP, firstPane.current)}
            aria-label="Zoom out"
            className="rounded-md border border-line bg-surface px-2.5 py-1 text-sm font-semibold"
          >
            −
          </button>
          <output
            data-testid="zoom-level"
            aria-live="polite"
            className="w-14 text-center text-sm tabular-nums"
          >
            {Math.round(view.scale * 100)}%
          </output>
          <button
            type="button"
            onClick={() => zoomBy(ZOOM_STEP, firstPane.current)}
            aria-label="Zoom in"
            className="rounded-md border border-line bg-surface px-2.5 py-1 text-sm font-semibold"
          >
            +
          </button>
          <button
            type="button"
            onClick={() => setView(FIT)}
            className="rounded-md border border-line bg-surface px-2.5 py-1 text-sm font-medium"
          >
            Fit
          </button>
        </div>
      </div>
      <p id={helpId} className="mt-2 text-xs text-muted">
        Drag or use the arrow keys to pan; wheel, + and − to zoom; 0 fits.
      </p>
      <div
        data-testid="viewer-stage"
        className={`mt-2 grid gap-2 ${mode === 'side' && raster ? 'sm:grid-cols-2' : ''}`}
      >
        {mode === 'side' && raster && (
          <ZoomPane {...pane} label="Original" paneRef={firstPane}>
            {raster}
          </ZoomPane>
        )}
        {mode === 'overlay' && raster ? (
          <ZoomPane {...pane} label="Overlay" paneRef={firstPane}>
            <div className="relative h-full w-full">
              <div className="absolute inset-0">{raster}</div>
              <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${reveal}%)` }}>
                {vector}
              </div>
            </div>
          </ZoomPane>
        ) : (
          <ZoomPane
            {...pane}
            label={mode === 'outline' ? 'Outline' : 'Vector'}
            paneRef={mode === 'side' && raster ? undefined : firstPane}
          >
            {vector ?? <p className="p-4 text-sm text-muted">Loading the vector...</p>}
          </ZoomPane>
        )}
      </div>
      {mode === 'overlay' && raster && (
        <label className="mt-2 flex items-center gap-3 text-sm">
          <span className="whitespace-nowrap">Original ← → Vector</span>
          <input
            type="range"
            min={0}
            max={100}
            value={reveal}
            onChange={(e) => setReveal(Number(e.target.value))}
            aria-label="Where the vector begins, in percent of the width"
            className="w-full accent-indigo-700"
          />
        </label>
      )}
      {facts && (
        <dl
          data-testid="viewer-facts"
          className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4"
        >
          <div>
            <dt className="text-muted">Shapes</dt>
            <dd className="font-semibold tabular-nums">{facts.shapes}</dd>
          </div>
          <div>
            <dt className="text-muted">Nodes</dt>
            <dd className="font-semibold tabular-nums">{facts.nodes}</dd>
          </div>
          <div>
            <dt className="text-muted">SVG size</dt>
            <dd className="font-semibold tabular-nums">
              {formatBytes(new Blob([svg ?? '']).size)}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Colours</dt>
            <dd className="font-semibold tabular-nums">{facts.colours.length}</dd>
          </div>
        </dl>
      )}
      {facts && facts.colours.length > 0 && (
        <ul aria-label="Colours used, most shapes first" className="mt-2 flex flex-wrap gap-1.5">
          {facts.colours.slice(0, 32).map((c) => (
            <li
              key={c.hex}
              className="flex items-center gap-1 rounded-full border border-line bg-surface py-0.5 pr-2 pl-0.5 text-xs"
            >
              <span
                aria-hidden="true"
                className="h-4 w-4 rounded-full border border-line"
                style={{ background: c.hex }}
              />
              {c.hex} · {c.shapes}
            </li>
          ))}
        </ul>
      )}
      {children}
    </section>
  );
}
