import {
  formatPaise,
  PROBLEM_REASON_TEXT,
  PROBLEM_REASONS,
  problemReportInput,
  type ProblemReportInput,
  type Purchase,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, LifeBuoy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useReportProblem } from '../api/report-problem.ts';
import { ticketOpenText } from './purchase-wording.ts';
import { IconTile } from '../../../components/ui/icon-tile.tsx';

// The fields she fills in; the order comes from the card.
const reportForm = problemReportInput.pick({ reason: true, message: true });
type ReportFormInput = z.input<typeof reportForm>;
type ReportFormOutput = z.output<typeof reportForm>;

const MESSAGE_MAX = problemReportInput.shape.message.maxLength ?? 2000;

/**
 * "Report a problem" on a purchase (the Refunds policy's 24 hours): what went wrong and a few
 * words. Sent, it says the ticket number and when we reply; the card behind shows the ticket.
 * The server's refusals (already reported, too late, too many) are shown as it words them.
 */
export function ReportProblemDialog({ purchase, onClose }: { purchase: Purchase; onClose: () => void }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const report = useReportProblem();
  const { busy, run } = useSingleFlight(report.isPending);
  const [error, setError] = useState<string | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<ReportFormInput, unknown, ReportFormOutput>({
    resolver: zodResolver(reportForm),
    defaultValues: { message: '' },
    reValidateMode: 'onSubmit',
  });
  const messageLength = useWatch({ control, name: 'message' }).length;

  useEffect(() => {
    if (ticket !== null) doneRef.current?.focus();
  }, [ticket]);

  const close = () => dialogRef.current?.close();

  const send = async (values: ReportFormOutput) => {
    const input: ProblemReportInput = { orderId: purchase.orderId, ...values };
    try {
      const sent = await report.mutateAsync(input);
      setTicket(sent.ticket);
    } catch (failure) {
      if (!setServerFieldErrors(setFieldError, failure, { reason: 'reason', message: 'message' })) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      }
    }
  };

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const reasonError = errors.reason?.message;
  const messageError = errors.message?.message;
  const messageId = `${id}-message`;

  return (
    // One dialog throughout: once sent, the same (still open) dialog shows the ticket.
    <Dialog
      ref={dialogRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      onClose={onClose}
      className="max-w-lg"
    >
      {ticket !== null ? (
        <div className="px-5 pt-6 pb-6 sm:px-8 sm:pt-8 sm:pb-8">
          <IconTile icon={CircleCheck} tone="success" />
          <h2
            ref={doneRef}
            id={titleId}
            tabIndex={-1}
            className="mt-4 text-2xl font-extrabold tracking-tight text-ink-950 outline-none"
          >
            Problem reported
          </h2>
          <div id={descriptionId} className="mt-2 space-y-2 leading-7 text-ink-muted">
            <p className="font-semibold break-words text-ink-950">{ticketOpenText(ticket)}</p>
            <p>We have emailed you the ticket number. Our answer, and any refund, come to the same email.</p>
          </div>
          <div className="mt-6 flex justify-end">
            <Button variant="dark" onClick={close} className="w-full sm:w-auto">
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(async () => {
              setError(null);
              await handleSubmit(send)();
            });
          }}
          className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8"
        >
          <div className="flex items-start justify-between gap-3">
            <IconTile icon={LifeBuoy} />
            <DialogCloseButton onClick={close} disabled={busy} />
          </div>
          <h2 id={titleId} className="mt-3 text-2xl font-extrabold tracking-tight text-ink-950">
            Report a problem
          </h2>
          <p id={descriptionId} className="mt-2 leading-7 break-words text-ink-muted">
            With “{purchase.contentTitle}” ({formatPaise(purchase.amountPaise)}). We reply by email within 24 hours, and
            refund you if it is our fault or you bought it by accident.
          </p>

          <fieldset className="mt-5" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
            <legend className="text-sm font-semibold text-ink-950">What went wrong?</legend>
            <div className="mt-2 space-y-2">
              {PROBLEM_REASONS.map((reason) => (
                <label
                  key={reason}
                  className={cn(
                    'flex cursor-pointer items-start gap-3 rounded-xl border px-3.5 py-3 text-[0.9375rem] text-ink-950 transition-colors hover:border-ink-300 has-checked:border-ink-950 has-checked:bg-cream',
                    reasonError ? 'border-red-600' : 'border-ink-200',
                  )}
                >
                  <input
                    type="radio"
                    value={reason}
                    className="mt-1 size-4 shrink-0 accent-ink-950"
                    {...register('reason')}
                  />
                  <span className="min-w-0">{PROBLEM_REASON_TEXT[reason]}</span>
                </label>
              ))}
            </div>
            {reasonError ? (
              <p id={`${id}-reason-error`} className="mt-2 text-sm font-medium text-red-700">
                {reasonError}
              </p>
            ) : null}
          </fieldset>

          <div className="mt-5">
            <Field
              id={messageId}
              label="What happened?"
              error={messageError}
              hint={`${messageLength.toLocaleString('en-IN')} / ${MESSAGE_MAX.toLocaleString('en-IN')} characters`}
            >
              <Textarea
                id={messageId}
                rows={4}
                maxLength={MESSAGE_MAX}
                className="min-h-28"
                aria-invalid={messageError ? true : undefined}
                aria-describedby={fieldDescribedBy(messageId, { error: messageError, hint: true })}
                {...register('message')}
              />
            </Field>
          </div>

          {error ? (
            <p
              role="alert"
              className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium break-words text-red-700 ring-1 ring-red-200"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {error}
            </p>
          ) : null}

          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="dark" aria-disabled={busy}>
              {busy ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
