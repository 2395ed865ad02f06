import { ADMIN_REASON_MAX_LENGTH, adminReason } from '@kholo/contracts';
import { CircleAlert } from 'lucide-react';
import { useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { adminErrorMessage } from './admin-query-view.tsx';

export function InlineError({ children }: { children: ReactNode }) {
  return (
    <p
      role="alert"
      className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium break-words text-red-700 ring-1 ring-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

export interface ActionDialogProps {
  title: string;
  /** What the action does, read out with the dialog. */
  description: ReactNode;
  confirmLabel: string;
  busyLabel: string;
  confirmVariant?: ButtonVariant;
  onClose: () => void;
}

/**
 * The frame of every admin action dialog: a heading, what will happen, the form, Cancel and the
 * action. While the request runs the dialog cannot be dismissed and the action cannot be sent again.
 */
export function ActionDialog({
  title,
  description,
  confirmLabel,
  busyLabel,
  confirmVariant = 'dark',
  onClose,
  busy,
  error,
  onSubmit,
  dialogRef,
  children,
}: ActionDialogProps & {
  busy: boolean;
  error: string | null;
  onSubmit: () => void;
  dialogRef: RefObject<HTMLDialogElement | null>;
  children?: ReactNode;
}) {
  const id = useId();
  const close = () => dialogRef.current?.close();
  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      ref={dialogRef}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      dismissible={!busy}
      onClose={onClose}
    >
      <form noValidate onSubmit={submit} className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${id}-title`} className="pt-1 text-2xl font-extrabold tracking-tight break-words text-ink-950">
            {title}
          </h2>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <div id={`${id}-description`} className="mt-2 leading-7 break-words text-ink-muted">
          {description}
        </div>
        {children}
        {error ? <InlineError>{error}</InlineError> : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={confirmVariant} aria-disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Asks before an action that needs no more than a yes (unhide, reinstate). */
export function ConfirmDialog({ onConfirm, ...props }: ActionDialogProps & { onConfirm: () => Promise<unknown> }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { busy, run } = useSingleFlight();
  const [error, setError] = useState<string | null>(null);

  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await onConfirm();
        dialogRef.current?.close();
      } catch (failure) {
        setError(adminErrorMessage(failure));
      }
    });

  return (
    <ActionDialog
      {...props}
      dialogRef={dialogRef}
      busy={busy}
      error={error}
      onSubmit={() => {
        void confirm();
      }}
    />
  );
}

/**
 * Asks for the reason an action needs (hide, suspend, reject): required, 3–500 characters, and
 * recorded in the audit log and told to the creator.
 */
export function ReasonDialog({
  onSubmitReason,
  reasonHint,
  ...props
}: ActionDialogProps & { onSubmitReason: (reason: string) => Promise<unknown>; reasonHint?: string }) {
  const id = useId();
  const fieldId = `${id}-reason`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const { busy, run } = useSingleFlight();
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);

  const submit = () =>
    run(async () => {
      setError(null);
      const parsed = adminReason.safeParse(reason);
      if (!parsed.success) {
        setFieldError(parsed.error.issues[0]?.message);
        reasonRef.current?.focus();
        return;
      }
      setFieldError(undefined);
      try {
        await onSubmitReason(parsed.data);
        dialogRef.current?.close();
      } catch (failure) {
        const fieldMessage = failure instanceof ApiError ? failure.fields.reason : undefined;
        if (fieldMessage) setFieldError(fieldMessage);
        else setError(adminErrorMessage(failure));
      }
    });

  return (
    <ActionDialog
      {...props}
      dialogRef={dialogRef}
      busy={busy}
      error={error}
      onSubmit={() => {
        void submit();
      }}
    >
      <div className="mt-5">
        <Field id={fieldId} label="Reason" error={fieldError} hint={reasonHint}>
          <Textarea
            ref={reasonRef}
            id={fieldId}
            name="reason"
            autoFocus
            required
            maxLength={ADMIN_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (fieldError) setFieldError(undefined);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldDescribedBy(fieldId, { error: fieldError, hint: Boolean(reasonHint) })}
            className="min-h-28"
          />
        </Field>
      </div>
    </ActionDialog>
  );
}
