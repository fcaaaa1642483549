import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { ConversionResult } from '@tracery/contracts';
import { fetchWithSession } from '../../lib/api';
import { formatBytes } from '../convert/types';
import { OtherFormats } from './OtherFormats';
import { outlineSvg, svgFacts } from './svgFacts';

type Mode = 'side' | 'overlay' | 'outline';
const MODES: { id: Mode; label: string }[] = [
  { id: 'side', label: 'Side by side' },
  { id: 'overlay', label: 'Overlay' },
  { id: 'outline', label: 'Outline' },
];
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 16;
const STEP = 2;
const PAN_PX = 40;

interface View {
  scale: number;
  x: number;
  y: number;
}
const FIT: View = { scale: 1, x: 0, y: 0 };

function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const u = URL.createObjectURL(blob);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [blob]);
  return url;
}

type Loaded = { status: 'loading' } | { status: 'error' } | { status: 'done'; svg: string };

function useResultSvg(url: string): Loaded {
  const [state, setState] = useState<Loaded>({ status: 'loading' });
  useEffect(() => {
    const ctrl = new AbortController();
    fetchWithSession(url, { signal: ctrl.signal })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(String(res.status)))))
      .then((svg) => setState({ status: 'done', svg }))
      .catch(() => !ctrl.signal.aborted && setState({ status: 'error' }));
    return () => ctrl.abort();
  }, [url]);
  return state;
}

/** Zoom about a point of the pane (pane pixels), keeping that point still. */
function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/**
 * The original and the traced SVG side by side, as an overlay with a slider, or as outlines;
 * zoom to 1600% and pan with pointer, wheel and keyboard; colours, shapes, nodes and file size.
 */
export default function ResultViewer({
  result,
  original,
}: {
  result: ConversionResult;
  original: File | null;
}) {
  // Any result is viewed as SVG, written from its stored vector.
  const loaded = useResultSvg(`${result.result_url}?format=svg`);
  const svg = loaded.status === 'done' ? loaded.svg : null;
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
  const originalUrl = useObjectUrl(original);
  const name = result.original_filename;

  const zoomBy = (factor: number, pane?: HTMLElement | null) => {
    const w = pane?.clientWidth ?? 0;
    const h = pane?.clientHeight ?? 0;
    setView((v) => zoomAt(v, factor, w / 2, h / 2));
  };
  const firstPane = useRef<HTMLDivElement>(null);

  if (loaded.status === 'error')
    return (
      <p role="alert" className="mt-3 text-sm text-red-800 dark:text-red-300">
        The result could not be loaded for viewing; Download still works.
      </p>
    );

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
      data-testid="result-viewer"
      aria-label={`Result viewer for ${name}`}
      className="mt-3 rounded-xl border border-line bg-canvas p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="View"
          className="inline-flex rounded-lg border border-line bg-surface p-0.5"
        >
          {MODES.map((m) => (
            <button
              key={m.id}
              type="button"
              aria-pressed={mode === m.id}
              onClick={() => setMode(m.id)}
              className={`rounded-md px-2.5 py-1 text-sm font-medium ${mode === m.id ? 'btn-primary' : 'text-ink hover:bg-canvas'}`}
            >
              {m.label}
            </button>
          ))}
        </div>
        <div role="group" aria-label="Zoom" className="inline-flex items-center gap-1">
          <button
            type="button"
            onClick={() => zoomBy(1 / STEP, firstPane.current)}
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
            onClick={() => zoomBy(STEP, firstPane.current)}
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
      <p id="viewer-help" className="mt-2 text-xs text-muted">
        Drag or use the arrow keys to pan; wheel, + and − to zoom; 0 fits.
      </p>
      <div
        data-testid="viewer-stage"
        className={`mt-2 grid gap-2 ${mode === 'side' && raster ? 'sm:grid-cols-2' : ''}`}
      >
        {mode === 'side' && raster && (
          <Pane label="Original" view={view} onView={setView} paneRef={firstPane}>
            {raster}
          </Pane>
        )}
        {mode === 'overlay' && raster ? (
          <Pane label="Overlay" view={view} onView={setView} paneRef={firstPane}>
            <div className="relative h-full w-full">
              <div className="absolute inset-0">{raster}</div>
              <div className="absolute inset-0" style={{ clipPath: `inset(0 0 0 ${reveal}%)` }}>
                {vector}
              </div>
            </div>
          </Pane>
        ) : (
          <Pane
            label={mode === 'outline' ? 'Outline' : 'Vector'}
            view={view}
            onView={setView}
            paneRef={mode === 'side' && raster ? undefined : firstPane}
          >
            {vector ?? <p className="p-4 text-sm text-muted">Loading the vector...</p>}
          </Pane>
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
      <OtherFormats result={result} />
    </section>
  );
}

function Pane({
  label,
  view,
  onView,
  paneRef,
  children,
}: {
  label: string;
  view: View;
  onView(update: (v: View) => View): void;
  paneRef?: React.RefObject<HTMLDivElement | null>;
  children: React.ReactNode;
}) {
  const own = useRef<HTMLDivElement>(null);
  const ref = paneRef ?? own;
  const drag = useRef<{ x: number; y: number } | null>(null);

  // Wheel zoom needs a non-passive listener to keep the page from scrolling.
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const r = el.getBoundingClientRect();
      onView((v) => zoomAt(v, e.deltaY < 0 ? 1.25 : 0.8, e.clientX - r.left, e.clientY - r.top));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [ref, onView]);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const from = drag.current;
    if (!from) return;
    drag.current = { x: e.clientX, y: e.clientY };
    onView((v) => ({ ...v, x: v.x + e.clientX - from.x, y: v.y + e.clientY - from.y }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const pan = (dx: number, dy: number) => onView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    const zoom = (f: number) =>
      onView((v) => zoomAt(v, f, el.clientWidth / 2, el.clientHeight / 2));
    const keys: Record<string, () => void> = {
      ArrowLeft: () => pan(PAN_PX, 0),
      ArrowRight: () => pan(-PAN_PX, 0),
      ArrowUp: () => pan(0, PAN_PX),
      ArrowDown: () => pan(0, -PAN_PX),
      '+': () => zoom(STEP),
      '=': () => zoom(STEP),
      '-': () => zoom(1 / STEP),
      '0': () => onView(() => FIT),
    };
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  };

  return (
    <figure className="m-0">
      <div
        ref={ref}
        tabIndex={0}
        role="group"
        aria-label={`${label}, zoom ${Math.round(view.scale * 100)}%`}
        aria-describedby="viewer-help"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
        className="relative h-64 cursor-grab touch-none overflow-hidden rounded-lg border border-line bg-white select-none focus:outline-none focus-visible:ring-2 focus-visible:ring-brand sm:h-96"
      >
        <div
          className="h-full w-full origin-top-left"
          style={{ transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})` }}
        >
          {children}
        </div>
      </div>
      <figcaption className="mt-1 text-xs text-muted">{label}</figcaption>
    </figure>
  );
}
