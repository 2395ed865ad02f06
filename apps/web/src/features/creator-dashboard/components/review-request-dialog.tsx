import {
  LOCALE_TAGS,
  reviewRequestInput,
  SAFETY_LIMITS,
  translate,
  type Locale,
  type StudioContent,
  type TicketReceipt,
} from '@kholo/contracts';
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
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRequestReview } from '../api/request-review.ts';

type ReviewValues = z.input<typeof reviewRequestInput>;

export const REVIEW_OUTCOME_TEXT = translate('en', 'dashboardContent.review.outcome');

/** "Review requested — ticket R-1077". */
export function reviewRequestedText(ticket: string, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardContent.review.requested', { ticket });
}

/**
 * "Ask for a review" on an item removed after a report (issue 24): her explanation, the
 * counter-notice, goes back into Kholo's queue. Sent, the same dialog shows the ticket.
 */
export function ReviewRequestDialog({ item, onClose }: { item: StudioContent; onClose: () => void }) {
  const { t, tm, locale } = useT();
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
  const fieldError = errors.explanation?.message === undefined ? undefined : tm(errors.explanation.message);

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
        <DialogDone titleId={titleId} title={reviewRequestedText(receipt.ticket, locale)}>
          <DialogDescription id={descriptionId}>
            {t('dashboardContent.review.lookAgain', { title: item.title })} {t('dashboardContent.review.outcome')}
          </DialogDescription>
          <DialogDoneButton onClick={close} />
        </DialogDone>
      ) : (
        <DialogForm run={run} setError={setError} onSubmit={handleSubmit(send)}>
          <DialogHeading
            icon={Scale}
            titleId={titleId}
            title={t('dashboardContent.review.title')}
            descriptionId={descriptionId}
            description={t('dashboardContent.review.lead', { title: item.title })}
            onClose={close}
            busy={busy}
          />
          <div className="mt-5">
            <Field
              id={fieldId}
              label={t('dashboardContent.review.explanation')}
              error={fieldError}
              hint={t('dashboardContent.review.explanationHint', {
                min: SAFETY_LIMITS.explanationMin,
                count: length.toLocaleString(LOCALE_TAGS[locale]),
                max: SAFETY_LIMITS.explanationMax.toLocaleString(LOCALE_TAGS[locale]),
              })}
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
          {error ? <ErrorAlert>{tm(error)}</ErrorAlert> : null}
          <DialogActions onCancel={close} busy={busy}>
            <DialogSubmit busy={busy} busyLabel={t('dashboardContent.review.sending')}>
              {t('dashboardContent.review.send')}
            </DialogSubmit>
          </DialogActions>
        </DialogForm>
      )}
    </Dialog>
  );
}
