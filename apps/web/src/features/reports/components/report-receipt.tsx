import { LOCALE_TAGS, reportDetailsInput, SAFETY_LIMITS, type TicketReceipt } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import {
  DialogActions,
  DialogDescription,
  DialogDone,
  DialogForm,
  DialogSubmit,
} from '../../../components/ui/dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Field, fieldDescribedBy, Input, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useMe } from '../../accounts/index.ts';
import { useAddReportDetails } from '../api/add-report-details.ts';
import { outcomeEmailText, reportSentText, reviewWithinText } from '../report-wording.ts';

/**
 * The Report dialog's last step: the ticket, when Kholo will have looked, and whom the outcome is
 * emailed to. A signed-in reporter's account email is used by the server on its own; a visitor may
 * add hers, and anyone may add details, once, within the hour (the receipt's amendToken).
 */
export function ReportReceipt({
  receipt,
  titleId,
  descriptionId,
  onDone,
}: {
  receipt: TicketReceipt;
  titleId: string;
  descriptionId: string;
  onDone: () => void;
}) {
  const { t, tm } = useT();
  const me = useMe();
  const accountEmail = me.data?.account?.email ?? null;
  const [adding, setAdding] = useState(false);
  /** What the server took from the amend form: the email the outcome now goes to, if she gave one. */
  const [added, setAdded] = useState<{ email: string | null } | null>(null);
  const [closed, setClosed] = useState<string | null>(null);

  const outcomeEmail = accountEmail ?? added?.email ?? null;
  const canAdd = receipt.amendToken !== null && added === null && closed === null;

  return (
    <DialogDone titleId={titleId} title={reportSentText(receipt.ticket, t)}>
      <DialogDescription id={descriptionId}>
        <p className="font-semibold text-ink-950">{reviewWithinText(receipt.lane, receipt.held, t)}</p>
        {outcomeEmail !== null ? (
          <p className="break-words">{outcomeEmailText(outcomeEmail, t)}</p>
        ) : (
          <p>{!canAdd ? t('reports.keepTicket') : t('reports.addEmailToHear')}</p>
        )}
      </DialogDescription>

      {added !== null ? (
        <p
          role="status"
          className="mt-4 rounded-xl bg-emerald-50 px-3.5 py-3 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          {t('reports.added')}
        </p>
      ) : null}
      {closed !== null ? <ErrorAlert>{tm(closed)}</ErrorAlert> : null}

      {adding && canAdd && receipt.amendToken !== null ? (
        <AddDetailsForm
          ticket={receipt.ticket}
          amendToken={receipt.amendToken}
          askEmail={accountEmail === null}
          onAdded={(email) => {
            setAdding(false);
            setAdded({ email });
          }}
          onClosed={(message) => {
            setAdding(false);
            setClosed(message);
          }}
          onDone={onDone}
        />
      ) : (
        <DialogActions>
          {canAdd ? (
            <Button
              variant="outline"
              onClick={() => {
                setAdding(true);
              }}
            >
              {accountEmail === null ? t('reports.addDetailsOrEmail') : t('reports.addDetails')}
            </Button>
          ) : null}
          <Button variant="dark" onClick={onDone}>
            {t('reports.done')}
          </Button>
        </DialogActions>
      )}
    </DialogDone>
  );
}

type AmendValues = z.input<typeof reportDetailsInput>;

function AddDetailsForm({
  ticket,
  amendToken,
  askEmail,
  onAdded,
  onClosed,
  onDone,
}: {
  ticket: string;
  amendToken: string;
  /** A visitor's: a signed-in reporter's account email is used already. */
  askEmail: boolean;
  onAdded: (email: string | null) => void;
  /** The server will take no more (used once already, or the hour is up): its words. */
  onClosed: (message: string) => void;
  onDone: () => void;
}) {
  const { t, tm, locale } = useT();
  const id = useId();
  const add = useAddReportDetails();
  const { busy, run } = useSingleFlight(add.isPending);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<AmendValues, unknown, z.output<typeof reportDetailsInput>>({
    resolver: zodResolver(reportDetailsInput),
    defaultValues: { amendToken, details: '', email: '' },
    reValidateMode: 'onSubmit',
  });
  const detailsLength = (useWatch({ control, name: 'details' }) ?? '').length;
  const detailsId = `${id}-details`;
  const emailId = `${id}-email`;
  const detailsError = errors.details?.message === undefined ? undefined : tm(errors.details.message);
  const emailError = errors.email?.message === undefined ? undefined : tm(errors.email.message);

  const send = async (checked: z.output<typeof reportDetailsInput>) => {
    const { details = '', email = '' } = getValues();
    try {
      await add.mutateAsync({
        ticket,
        body: askEmail ? { amendToken, details, email } : { amendToken, details },
      });
      onAdded(askEmail ? (checked.email ?? null) : null);
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'CONFLICT') {
        onClosed(failure.message);
      } else if (!setServerFieldErrors(setFieldError, failure, { details: 'details', email: 'email' })) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      }
    }
  };

  return (
    <DialogForm
      aria-label={t('reports.addForm')}
      run={run}
      setError={setError}
      onSubmit={handleSubmit(send)}
      className="mt-5 space-y-5 border-t border-ink-950/8 pt-5"
    >
      <Field
        id={detailsId}
        label={t('reports.detailsLabel')}
        error={detailsError}
        hint={t('reports.detailsHint', {
          count: detailsLength.toLocaleString(LOCALE_TAGS[locale]),
          max: SAFETY_LIMITS.detailsMax.toLocaleString(LOCALE_TAGS[locale]),
        })}
      >
        <Textarea
          id={detailsId}
          rows={3}
          autoFocus
          maxLength={SAFETY_LIMITS.detailsMax}
          className="min-h-24"
          aria-invalid={detailsError ? true : undefined}
          aria-describedby={fieldDescribedBy(detailsId, { error: detailsError, hint: true })}
          {...register('details')}
        />
      </Field>
      {askEmail ? (
        <Field id={emailId} label={t('reports.emailLabel')} error={emailError} hint={t('reports.emailHint')}>
          <Input
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={254}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={fieldDescribedBy(emailId, { error: emailError, hint: true })}
            {...register('email')}
          />
        </Field>
      ) : null}
      {error ? <ErrorAlert>{tm(error)}</ErrorAlert> : null}
      <DialogActions onCancel={onDone} cancelLabel={t('reports.done')} busy={busy} className="">
        <DialogSubmit busy={busy} busyLabel={t('reports.adding')}>
          {t('reports.addToReport')}
        </DialogSubmit>
      </DialogActions>
    </DialogForm>
  );
}
