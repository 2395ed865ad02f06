import { reviewRequestInput, SAFETY_LIMITS, type StudioContent, type TicketReceipt } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Scale } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
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
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRequestReview } from '../api/request-review.ts';

type ReviewValues = z.input<typeof reviewRequestInput>;

export const REVIEW_OUTCOME_TEXT = 'We will email you the outcome.';

/** "Review requested — ticket R-1077". */
export function reviewRequestedText(ticket: string): string {
  return `Review requested — ticket ${ticket}`;
}

/**
 * "Ask for a review" on an item removed after a report (issue 24): her explanation, the
 * counter-notice, goes back into Kholo's queue. Sent, the same dialog shows the ticket.
 */
export function ReviewRequestDialog({ item, onClose }: { item: StudioContent; onClose: () => void }) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const request = useRequestReview();
  const { busy, run } = useSingleFlight(request.isPending);
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<TicketReceipt | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<ReviewValues, unknown, z.output<typeof reviewRequestInput>>({
    resolver: zodResolver(reviewRequestInput),
    defaultValues: { explanation: '' },
    reValidateMode: 'onSubmit',
  });
  const length = useWatch({ control, name: 'explanation' }).length;

  const close = () => dialogRef.current?.close();

  const send = async (values: z.output<typeof reviewRequestInput>) => {
    try {
      setReceipt(await request.mutateAsync({ contentId: item.id, body: values }));
    } catch (failure) {
      if (!setServerFieldErrors(setFieldError, failure, { explanation: 'explanation' })) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      }
    }
  };

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const fieldId = `${id}-explanation`;
  const fieldError = errors.explanation?.message;

  return (
    <Dialog
      ref={dialogRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      onClose={onClose}
      className="max-w-lg"
    >
      {receipt !== null ? (
        <DialogDone titleId={titleId} title={reviewRequestedText(receipt.ticket)}>
          <DialogDescription id={descriptionId}>
            We look at “{item.title}” again with your explanation. {REVIEW_OUTCOME_TEXT}
          </DialogDescription>
          <DialogDoneButton onClick={close} />
        </DialogDone>
      ) : (
        <DialogForm run={run} setError={setError} onSubmit={handleSubmit(send)}>
          <DialogHeading
            icon={Scale}
            titleId={titleId}
            title="Ask for a review"
            descriptionId={descriptionId}
            description={
              <>
                Tell us why “{item.title}” should come back: for example, it is your own work, or everyone in it agreed
                to it being shared. We look at it again and email you the outcome.
              </>
            }
            onClose={close}
            busy={busy}
          />
          <div className="mt-5">
            <Field
              id={fieldId}
              label="Your explanation"
              error={fieldError}
              hint={`At least ${SAFETY_LIMITS.explanationMin} characters. ${length.toLocaleString('en-IN')} / ${SAFETY_LIMITS.explanationMax.toLocaleString('en-IN')}`}
            >
              <Textarea
                id={fieldId}
                rows={5}
                autoFocus
                maxLength={SAFETY_LIMITS.explanationMax}
                className="min-h-32"
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldDescribedBy(fieldId, { error: fieldError, hint: true })}
                {...register('explanation')}
              />
            </Field>
          </div>
          {error ? <ErrorAlert>{error}</ErrorAlert> : null}
          <DialogActions onCancel={close} busy={busy}>
            <DialogSubmit busy={busy} busyLabel="Sending…">
              Ask for a review
            </DialogSubmit>
          </DialogActions>
        </DialogForm>
      )}
    </Dialog>
  );
}
