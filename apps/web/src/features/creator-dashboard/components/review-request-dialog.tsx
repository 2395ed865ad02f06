import { reviewRequestInput, SAFETY_LIMITS, type StudioContent, type TicketReceipt } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, CircleCheck, Scale } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { IconTile } from '../../../components/ui/icon-tile.tsx';
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
  const doneRef = useRef<HTMLHeadingElement>(null);
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

  useEffect(() => {
    if (receipt !== null) doneRef.current?.focus();
  }, [receipt]);

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
        <div className="px-5 pt-6 pb-6 sm:px-8 sm:pt-8 sm:pb-8">
          <IconTile icon={CircleCheck} tone="success" />
          <h2
            ref={doneRef}
            id={titleId}
            tabIndex={-1}
            className="mt-4 text-2xl font-extrabold tracking-tight break-words text-ink-950 outline-none"
          >
            {reviewRequestedText(receipt.ticket)}
          </h2>
          <p id={descriptionId} className="mt-2 leading-7 text-ink-muted">
            We look at “{item.title}” again with your explanation. {REVIEW_OUTCOME_TEXT}
          </p>
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
            <IconTile icon={Scale} />
            <DialogCloseButton onClick={close} disabled={busy} />
          </div>
          <h2 id={titleId} className="mt-3 text-2xl font-extrabold tracking-tight text-ink-950">
            Ask for a review
          </h2>
          <p id={descriptionId} className="mt-2 leading-7 break-words text-ink-muted">
            Tell us why “{item.title}” should come back: for example, it is your own work, or everyone in it agreed to
            it being shared. We look at it again and email you the outcome.
          </p>
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
              {busy ? 'Sending…' : 'Ask for a review'}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
