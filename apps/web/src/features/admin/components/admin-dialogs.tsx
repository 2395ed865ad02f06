import { ADMIN_REASON_MAX_LENGTH, adminReason } from '@kholo/contracts';
import { CircleCheck } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ButtonVariant } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions, DialogCloseButton, DialogForm, DialogSubmit } from '../../../components/ui/dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { adminErrorMessage } from './admin-query-view.tsx';

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
  run,
  error,
  setError,
  onSubmit,
  dialogRef,
  children,
}: ActionDialogProps & {
  busy: boolean;
  /** useSingleFlight's: one request at a time. */
  run: (work: () => Promise<void>) => Promise<void>;
  error: string | null;
  /** Clears the last failure as the form is sent again. */
  setError?: (error: null) => void;
  onSubmit: () => Promise<void>;
  dialogRef: RefObject<HTMLDialogElement | null>;
  children?: ReactNode;
}) {
  const { tm } = useT();
  const id = useId();
  const close = () => dialogRef.current?.close();
  return (
    <Dialog
      ref={dialogRef}
      labelledBy={`${id}-title`}
      describedBy={`${id}-description`}
      dismissible={!busy}
      onClose={onClose}
    >
      <DialogForm run={run} setError={setError} onSubmit={onSubmit}>
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
        {error ? <ErrorAlert>{tm(error)}</ErrorAlert> : null}
        <DialogActions onCancel={close} busy={busy}>
          <DialogSubmit busy={busy} busyLabel={busyLabel} variant={confirmVariant}>
            {confirmLabel}
          </DialogSubmit>
        </DialogActions>
      </DialogForm>
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

  const confirm = async () => {
    try {
      await send();
      dialogRef.current?.close();
    } catch (failure) {
      setError(adminErrorMessage(failure));
    }
  };

  return (
    <ActionDialog
      {...props}
      dialogRef={dialogRef}
      busy={busy}
      run={run}
      error={error}
      setError={setError}
      onSubmit={confirm}
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
  reasonLabel,
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
  const { t, tm } = useT();
  const fieldError = errors.reason?.message === undefined ? undefined : tm(errors.reason.message);

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
      run={run}
      error={error}
      setError={setError}
      onSubmit={() => handleSubmit(sendReason)()}
    >
      <div className="mt-5">
        <Field id={fieldId} label={reasonLabel ?? t('admin.reason')} error={fieldError} hint={reasonHint}>
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
