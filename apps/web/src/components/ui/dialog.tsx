import { CircleCheck, X, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ComponentProps, type ReactNode, type Ref, type RefObject } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/index.ts';
import { Button, type ButtonVariant } from './button.tsx';
import { IconTile, type IconTileTone } from './icon-tile.tsx';
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
  label,
}: {
  onClick: () => void;
  disabled?: boolean;
  label?: string;
}) {
  const { t } = useT();
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label ?? t('ui.close')}
      className="grid size-10 shrink-0 place-items-center rounded-full text-ink-muted transition-colors hover:bg-ink-50 hover:text-ink-950 disabled:opacity-50"
    >
      <X aria-hidden="true" className="size-5" />
    </button>
  );
}

/** The space around a dialog's content (a form, or the steps of a dialog without one). */
export const DIALOG_BODY_CLASSES = 'px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8';

/**
 * A dialog's form: checked by its own rules (zod's words, not the browser's), one request at a
 * time. Submitting clears the last failure (`setError(null)`) and runs `onSubmit` (usually
 * react-hook-form's `handleSubmit(send)`) inside `run` from useSingleFlight.
 */
export function DialogForm({
  run,
  setError,
  onSubmit,
  className = DIALOG_BODY_CLASSES,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> & {
  run: (work: () => Promise<void>) => Promise<void>;
  setError?: ((error: null) => void) | undefined;
  onSubmit: () => Promise<void>;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void run(async () => {
          setError?.(null);
          await onSubmit();
        });
      }}
      className={className}
      {...props}
    >
      {children}
    </form>
  );
}

/** What a dialog is about, under its title; its id is the dialog's `describedBy`. */
export function DialogDescription({ id, children }: { id: string; children: ReactNode }) {
  return (
    <div id={id} className="mt-2 space-y-2 leading-7 break-words text-ink-muted">
      {children}
    </div>
  );
}

/**
 * The top of a dialog: its icon and the close button in a row, the title (the dialog's
 * `labelledBy`) and, when given, the description.
 */
export function DialogHeading({
  icon,
  tone = 'marigold',
  titleId,
  title,
  descriptionId,
  description,
  onClose,
  busy = false,
}: {
  icon: LucideIcon;
  tone?: IconTileTone;
  titleId: string;
  title: ReactNode;
  descriptionId?: string;
  /** Left out when a step below writes its own (with DialogDescription). */
  description?: ReactNode;
  onClose: () => void;
  /** While a request runs the dialog cannot be closed. */
  busy?: boolean;
}) {
  return (
    <>
      <div className="flex items-start justify-between gap-3">
        <IconTile icon={icon} tone={tone} />
        <DialogCloseButton onClick={onClose} disabled={busy} />
      </div>
      <h2 id={titleId} className="mt-3 text-2xl font-extrabold tracking-tight break-words text-ink-950">
        {title}
      </h2>
      {description !== undefined && descriptionId !== undefined ? (
        <DialogDescription id={descriptionId}>{description}</DialogDescription>
      ) : null}
    </>
  );
}

/**
 * The row of buttons at a dialog's foot: side by side on the right from `sm` up; on a phone
 * stacked full width, the main action on top. With `onCancel`, the row starts with an outline
 * Cancel (or `cancelLabel`) that cannot be pressed while `busy`. `className` sets the space above.
 */
export function DialogActions({
  onCancel,
  cancelLabel,
  cancelRef,
  busy = false,
  className = 'mt-6',
  children,
}: {
  onCancel?: () => void;
  cancelLabel?: ReactNode;
  cancelRef?: Ref<HTMLButtonElement>;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useT();
  return (
    <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)}>
      {onCancel ? (
        <Button ref={cancelRef} variant="outline" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
      ) : null}
      {children}
    </div>
  );
}

/** A form's submit button: `busyLabel` while the request runs, and pressing it again does nothing. */
export function DialogSubmit({
  busy,
  busyLabel,
  variant = 'dark',
  children,
}: {
  busy: boolean;
  busyLabel: ReactNode;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  return (
    // aria-disabled rather than disabled keeps keyboard focus on the button while it works.
    <Button type="submit" variant={variant} aria-disabled={busy}>
      {busy ? busyLabel : children}
    </Button>
  );
}

/**
 * A dialog's last step (sent, done, refused): an icon, the title, which takes focus as it
 * appears (the form she was in is gone), and what follows it (`children`: the description and
 * DialogDoneButton, or more).
 */
export function DialogDone({
  icon = CircleCheck,
  tone = 'success',
  titleId,
  title,
  children,
}: {
  icon?: LucideIcon;
  tone?: IconTileTone;
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <div className="px-5 pt-6 pb-6 sm:px-8 sm:pt-8 sm:pb-8">
      <IconTile icon={icon} tone={tone} />
      <h2
        ref={headingRef}
        id={titleId}
        tabIndex={-1}
        className="mt-4 text-2xl font-extrabold tracking-tight break-words text-ink-950 outline-none"
      >
        {title}
      </h2>
      {children}
    </div>
  );
}

/** The one button that ends a dialog's last step: full width on a phone. */
export function DialogDoneButton({ onClick, children }: { onClick: () => void; children?: ReactNode }) {
  const { t } = useT();
  return (
    <div className="mt-6 flex justify-end">
      <Button variant="dark" onClick={onClick} className="w-full sm:w-auto">
        {children ?? t('ui.done')}
      </Button>
    </div>
  );
}
