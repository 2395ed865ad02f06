import { X } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { cn } from '../../lib/cn.ts';
import { Toaster } from './toast.tsx';

/*
 * A modal on the native <dialog> with showModal(): the browser gives us the focus trap, Escape,
 * inert background, the top layer and ::backdrop, and hands focus back to the opener on close.
 * Dialog libraries that lock scrolling by injecting a <style> element break our CSP (ADR 005);
 * the page behind is locked by a rule in index.css instead.
 *
 * A Dialog is open while it is mounted. To close it, call `ref.current.close()` (or let the
 * person press Escape, the close button or the backdrop); `onClose` then runs and the owner
 * unmounts it. Closing through the element rather than unmounting is what returns focus.
 */
export interface DialogProps {
  ref: RefObject<HTMLDialogElement | null>;
  /** Runs once the dialog has closed, however it was closed. */
  onClose: () => void;
  /** While false, Escape and the backdrop do nothing (e.g. while a request is in flight). */
  dismissible?: boolean;
  /** The id of the dialog's heading. */
  labelledBy: string;
  describedBy?: string | undefined;
  className?: string;
  children: ReactNode;
}

export function Dialog({
  ref,
  onClose,
  dismissible = true,
  labelledBy,
  describedBy,
  className,
  children,
}: DialogProps) {
  // The backdrop is the dialog element itself (its content fills the box), so a click whose
  // press and release both land on it is a click outside. Checking the press too keeps a text
  // selection dragged out of a field from closing the dialog.
  const pressedOnBackdrop = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    // No close in a cleanup: React's development double-run would queue a `close` event and
    // unmount the dialog it just reopened. Removing an open dialog from the page ends it anyway.
    if (dialog && !dialog.open) dialog.showModal();
  }, [ref]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={onClose}
      onCancel={(event) => {
        if (!dismissible) event.preventDefault();
      }}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const outside = pressedOnBackdrop.current && event.target === event.currentTarget;
        pressedOnBackdrop.current = false;
        if (outside && dismissible) event.currentTarget.close();
      }}
      className={cn(
        'm-auto max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-md overflow-y-auto overscroll-contain rounded-3xl bg-white p-0 text-ink-950 shadow-lift backdrop:bg-ink-950/55 backdrop:backdrop-blur-[2px] open:motion-safe:animate-dialog-in',
        className,
      )}
    >
      {children}
      {/* The page behind is inert and below the top layer: toasts must show in here (toast.tsx). */}
      <Toaster />
    </dialog>
  );
}

/** The round X in a dialog's corner. */
export function DialogCloseButton({
  onClick,
  disabled = false,
  label = 'Close',
}: {
  onClick: () => void;
  disabled?: boolean;
  label?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      className="grid size-10 shrink-0 place-items-center rounded-full text-ink-muted transition-colors hover:bg-ink-50 hover:text-ink-950 disabled:opacity-50"
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}
