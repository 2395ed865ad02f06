import {
  formatPaise,
  PROBLEM_REASONS,
  problemReportInput,
  type ProblemReportInput,
  type Purchase,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { LifeBuoy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { type z } from 'zod';
import {
  Dialog,
  DialogActions,
  DialogDescription,
  DialogDone,
  DialogDoneButton,
  DialogForm,
  DialogHeading,
  DialogSubmit,
} from '../../../components/ui/dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useReportProblem } from '../api/report-problem.ts';
import { problemReasonText, ticketOpenText } from './purchase-wording.ts';

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
  const { t, tm, locale } = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
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
  const reasonError = errors.reason?.message === undefined ? undefined : tm(errors.reason.message);
  const messageError = errors.message?.message === undefined ? undefined : tm(errors.message.message);
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
        <DialogDone titleId={titleId} title={t('purchases.report.sent')}>
          <DialogDescription id={descriptionId}>
            <p className="font-semibold break-words text-ink-950">{ticketOpenText(ticket, locale)}</p>
            <p>{t('purchases.report.sentBody')}</p>
          </DialogDescription>
          <DialogDoneButton onClick={close} />
        </DialogDone>
      ) : (
        <DialogForm run={run} setError={setError} onSubmit={handleSubmit(send)}>
          <DialogHeading
            icon={LifeBuoy}
            titleId={titleId}
            title={t('purchases.reportProblem')}
            descriptionId={descriptionId}
            description={t('purchases.report.description', {
              title: purchase.contentTitle,
              price: formatPaise(purchase.amountPaise, locale),
            })}
            onClose={close}
            busy={busy}
          />

          <fieldset className="mt-5" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
            <legend className="text-sm font-semibold text-ink-950">{t('purchases.report.whatWentWrong')}</legend>
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
                  <span className="min-w-0">{problemReasonText(reason, locale)}</span>
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
              label={t('purchases.report.whatHappened')}
              error={messageError}
              hint={t('purchases.report.characters', {
                count: messageLength.toLocaleString('en-IN'),
                max: MESSAGE_MAX.toLocaleString('en-IN'),
              })}
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

          {error ? <ErrorAlert>{tm(error)}</ErrorAlert> : null}

          <DialogActions onCancel={close} busy={busy}>
            <DialogSubmit busy={busy} busyLabel={t('ui.sending')}>
              {t('purchases.report.send')}
            </DialogSubmit>
          </DialogActions>
        </DialogForm>
      )}
    </Dialog>
  );
}
