import { ADMIN_REASON_MAX_LENGTH, adminReason } from '@kholo/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type ReactNode, type RefObject, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button, type ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { cn } from '../../../lib/cn.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { adminErrorMessage } from './admin-query-view.tsx';

export function InlineError({ children, className = 'mt-5' }: { children: ReactNode; className?: string }) {
  return (
    <p
      role="alert"
      className={cn(
        'flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium break-words text-red-700 ring-1 ring-red-200',
        className,
      )}
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {children}
    </p>
  );
}

/** What an action did, under a tab's heading: read out politely, inside an aria-live region the tab keeps mounted. */
export function DoneNotice({ children }: { children: ReactNode }) {
  return (
    <p className="mb-4 flex items-start gap-2 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm font-medium break-words text-emerald-800 ring-1 ring-emerald-200">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {/* min-w-0: a long UPI ID in the notice breaks instead of running past a phone's edge. */}
      <span className="min-w-0">{children}</span>
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
          {/* min-w-0: a long UPI ID in the title breaks instead of widening the dialog past a phone's screen. */}
          <h2
            id={`${id}-title`}
            className="min-w-0 pt-1 text-2xl font-extrabold tracking-tight break-words text-ink-950"
          >
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

/** What the tab gives a dialog: the request to send, and whether its mutation is out. */
interface ActionProps<Args extends unknown[]> {
  send: (...args: Args) => Promise<unknown>;
  /** The mutation's `isPending`. */
  pending: boolean;
}

/** Asks before an action that needs no more than a yes (unhide, reinstate). */
export function ConfirmDialog({ send, pending, ...props }: ActionDialogProps & ActionProps<[]>) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { busy, run } = useSingleFlight(pending);
  const [error, setError] = useState<string | null>(null);

  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await send();
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

// The reason as every action that needs one takes it (hide, suspend, reject).
const reasonForm = z.object({ reason: adminReason });

/**
 * Asks for the reason an action needs (hide, suspend, reject): required, 3–500 characters, and
 * recorded in the audit log and told to the creator.
 */
export function ReasonDialog({
  send,
  pending,
  reasonHint,
  reasonLabel = 'Reason',
  defaultReason = '',
  ...props
}: ActionDialogProps &
  ActionProps<[reason: string]> & {
    reasonHint?: string;
    /** The field's label, when the words are more than a reason (an answer to a fan). */
    reasonLabel?: string;
    /** Prefilled, for an action started from something that already says why (a fan's ticket). */
    defaultReason?: string;
  }) {
  const id = useId();
  const fieldId = `${id}-reason`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { busy, run } = useSingleFlight(pending);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof reasonForm>, unknown, z.output<typeof reasonForm>>({
    resolver: zodResolver(reasonForm),
    defaultValues: { reason: defaultReason },
    reValidateMode: 'onSubmit',
  });
  const fieldError = errors.reason?.message;

  const sendReason = async ({ reason }: z.output<typeof reasonForm>) => {
    try {
      await send(reason);
      dialogRef.current?.close();
    } catch (failure) {
      if (!setServerFieldErrors(setFieldError, failure, { reason: 'reason' })) setError(adminErrorMessage(failure));
    }
  };

  return (
    <ActionDialog
      {...props}
      dialogRef={dialogRef}
      busy={busy}
      error={error}
      onSubmit={() => {
        void run(async () => {
          setError(null);
          await handleSubmit(sendReason)();
        });
      }}
    >
      <div className="mt-5">
        <Field id={fieldId} label={reasonLabel} error={fieldError} hint={reasonHint}>
          <Textarea
            id={fieldId}
            autoFocus
            required
            maxLength={ADMIN_REASON_MAX_LENGTH}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldDescribedBy(fieldId, { error: fieldError, hint: Boolean(reasonHint) })}
            className="min-h-28"
            {...register('reason', {
              onChange: () => {
                clearErrors('reason');
              },
            })}
          />
        </Field>
      </div>
    </ActionDialog>
  );
}
