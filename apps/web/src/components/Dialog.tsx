import { useContext, useRef, useState, type ReactNode } from 'react';
import * as RadixDialog from '@radix-ui/react-dialog';
import { AccessibilityContext } from '../features/accessibility/AccessibilityContext';
import { CloseIcon } from './icons';

interface DialogProps {
  title: string;
  /** One line under the title; the dialog is described by it. */
  description?: ReactNode;
  onClose(): void;
  children: ReactNode;
}

/**
 * A modal dialog on Radix: focus moves in and stays inside, Escape or a press outside closes,
 * focus returns on close. It is open while it is rendered; the caller unmounts it to close.
 */
export function Dialog({ title, description, onClose, children }: DialogProps) {
  // With auto focus off, focus still enters the dialog (it is modal) but lands on the dialog itself.
  const autoFocus = useContext(AccessibilityContext)?.settings.autoFocus ?? true;
  // No Radix trigger here (the callers open it from anywhere), so focus goes back by hand.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const content = useRef<HTMLDivElement>(null);

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4">
          <RadixDialog.Content
            ref={content}
            // Without a description, say so (Radix would point aria-describedby at nothing).
            {...(description ? {} : { 'aria-describedby': undefined })}
            onOpenAutoFocus={(e) => {
              e.preventDefault();
              const first = content.current?.querySelector<HTMLElement>(
                'input,select,textarea,button:not([data-close])',
              );
              (autoFocus && first ? first : content.current)?.focus();
            }}
            // A toast (a failed sign-in says why in one) is not "outside": pressing it keeps the form.
            onPointerDownOutside={(e) => {
              if ((e.target as Element | null)?.closest?.('[data-sonner-toaster]'))
                e.preventDefault();
            }}
            onCloseAutoFocus={(e) => {
              e.preventDefault();
              opener?.focus?.();
            }}
            className="relative w-full max-w-md rounded-2xl bg-surface p-6 text-ink shadow-2xl focus:outline-none"
          >
            <RadixDialog.Close
              data-close
              aria-label="Close dialog"
              className="absolute top-3 right-3 rounded-lg p-2 text-muted hover:bg-canvas"
            >
              <CloseIcon />
            </RadixDialog.Close>
            <RadixDialog.Title className="pr-8 text-xl font-bold">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-muted">
                {description}
              </RadixDialog.Description>
            )}
            {children}
          </RadixDialog.Content>
        </RadixDialog.Overlay>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
