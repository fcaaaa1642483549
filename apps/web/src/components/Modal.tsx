import { useContext, useEffect, useRef, type ReactNode } from 'react';
import { AccessibilityContext } from '../features/accessibility/AccessibilityContext';
import { CloseIcon } from './icons';

interface ModalProps {
  title: string;
  onClose(): void;
  children: ReactNode;
  /** id for aria-describedby */
  descriptionId?: string;
}

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** A modal dialog: focus moves in, Tab stays inside, Escape closes, focus returns on close. */
export function Modal({ title, onClose, children, descriptionId }: ModalProps) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // With auto focus off, focus still enters the dialog (it is modal) but lands on the dialog itself.
  const autoFocus = useRef(useContext(AccessibilityContext)?.settings.autoFocus ?? true);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const node = ref.current;
    if (autoFocus.current)
      node?.querySelector<HTMLElement>('input,select,textarea,button:not([data-close])')?.focus();
    else node?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onCloseRef.current();
      if (e.key !== 'Tab' || !node) return;
      const items = Array.from(node.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4"
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby="modal-title"
        aria-describedby={descriptionId}
        tabIndex={-1}
        className="relative w-full max-w-md rounded-2xl bg-surface p-6 text-ink shadow-2xl focus:outline-none"
      >
        <button
          type="button"
          data-close
          onClick={onClose}
          aria-label="Close dialog"
          className="absolute top-3 right-3 rounded-lg p-2 text-muted hover:bg-canvas"
        >
          <CloseIcon />
        </button>
        <h2 id="modal-title" className="pr-8 text-xl font-bold">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
