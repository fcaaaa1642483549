import { useEffect, useRef, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';

export interface View {
  scale: number;
  x: number;
  y: number;
}
export const FIT: View = { scale: 1, x: 0, y: 0 };
export const ZOOM_STEP = 2;
const MIN_ZOOM = 0.5;
const MAX_ZOOM = 16;
const PAN_PX = 40;

/** Zoom about a point of the pane (pane pixels), keeping that point still. */
export function zoomAt(view: View, factor: number, px: number, py: number): View {
  const scale = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: px - (px - view.x) * k, y: py - (py - view.y) * k };
}

/** One pane of a viewer: pans with pointer and arrow keys, zooms with wheel and + / −, 0 fits. */
export function ZoomPane({
  label,
  view,
  onView,
  paneRef,
  helpId,
  children,
}: {
  label: string;
  view: View;
  onView(update: (v: View) => View): void;
  paneRef?: React.RefObject<HTMLDivElement | null>;
  /** The id of the text that explains the keys. */
  helpId: string;
  children: ReactNode;
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
      '+': () => zoom(ZOOM_STEP),
      '=': () => zoom(ZOOM_STEP),
      '-': () => zoom(1 / ZOOM_STEP),
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
        aria-describedby={helpId}
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
