import {
  LOCALE_TAGS,
  REPORT_REASONS,
  reasonNeedsMore,
  reportInput,
  SAFETY_LIMITS,
  type ReportInput,
  type ReportReason,
  type TicketReceipt,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ChevronRight, CircleAlert, Flag, LoaderCircle } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import {
  Dialog,
  DIALOG_BODY_CLASSES,
  DialogActions,
  DialogDescription,
  DialogDone,
  DialogDoneButton,
  DialogHeading,
  DialogSubmit,
} from '../../../components/ui/dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Field, fieldDescribedBy, Input, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import type { LazyDialogProps } from '../../../lib/lazy-dialog.tsx';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSendReport } from '../api/send-report.ts';
import type { OpenReportDialogOptions, ReportSubject } from '../hooks/use-report-dialog.ts';
import { reportButtonLabel } from '../report-wording.ts';
import { ReportReceipt } from './report-receipt.tsx';

type Step =
  | { kind: 'choose' }
  /** "Something else" asks for words, copyright for the original's link, before anything is sent. */
  | { kind: 'more'; reason: ReportReason }
  | { kind: 'sent'; receipt: TicketReceipt }
  /** The server will not take this report at all (no such item, taken down already, her own). */
  | { kind: 'refused'; message: string };

/** The request's subject part: the item's id, or the creator's handle. */
function subjectInput(subject: ReportSubject): Pick<ReportInput, 'contentId' | 'creatorHandle'> {
  return subject.type === 'content' ? { contentId: subject.contentId } : { creatorHandle: subject.handle };
}

/** Refusals that no retry can change: the dialog says so and offers only Close. */
function isFinalRefusal(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'NOT_FOUND' || error.code === 'CONFLICT');
}

function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE;
}

/**
 * The Report dialog (issue 24): two taps from the page. The Report button is the first; the
 * reasons are large buttons, and a reason that needs nothing more sends the report when tapped.
 * "Something else" asks for words and copyright for the original's link first. Sent, it shows the
 * ticket, when Kholo will have looked, and an optional form to add details or an email.
 */
export function ReportDialog({ options, onClose }: LazyDialogProps<OpenReportDialogOptions>) {
  const { subject } = options;
  const { t, tm } = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const send = useSendReport();
  const { busy, run } = useSingleFlight(send.isPending);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [sending, setSending] = useState<ReportReason | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => dialogRef.current?.close();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const title = reportButtonLabel(subject, t);

  const submit = (reason: ReportReason, extra: Pick<ReportInput, 'details' | 'originalUrl'> = {}) =>
    run(async () => {
      setError(null);
      setSending(reason);
      try {
        const receipt = await send.mutateAsync({ ...subjectInput(subject), reason, ...extra });
        setStep({ kind: 'sent', receipt });
      } catch (failure) {
        if (isFinalRefusal(failure)) setStep({ kind: 'refused', message: tm(failure.message) });
        else throw failure;
      } finally {
        setSending(null);
      }
    });

  let body: ReactNode;
  if (step.kind === 'sent') {
    body = <ReportReceipt receipt={step.receipt} titleId={titleId} descriptionId={descriptionId} onDone={close} />;
  } else if (step.kind === 'refused') {
    body = <Refused message={step.message} titleId={titleId} descriptionId={descriptionId} onClose={close} />;
  } else {
    body = (
      <div className={DIALOG_BODY_CLASSES}>
        <DialogHeading icon={Flag} titleId={titleId} title={title} onClose={close} busy={busy} />
        {step.kind === 'choose' ? (
          <ChooseReason
            descriptionId={descriptionId}
            sending={sending}
            busy={busy}
            error={error}
            onChoose={(reason) => {
              if (reasonNeedsMore(reason)) {
                setError(null);
                setStep({ kind: 'more', reason });
              } else {
                void submit(reason).catch((failure: unknown) => {
                  setError(tm(errorMessage(failure)));
                });
              }
            }}
          />
        ) : (
          <MoreForm
            subject={subject}
            reason={step.reason}
            descriptionId={descriptionId}
            busy={busy}
            error={error}
            onBack={() => {
              setError(null);
              setStep({ kind: 'choose' });
            }}
            onSend={(extra, onFieldErrors) =>
              submit(step.reason, extra).catch((failure: unknown) => {
                if (!onFieldErrors(failure)) setError(tm(errorMessage(failure)));
              })
            }
          />
        )}
      </div>
    );
  }

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      {body}
    </Dialog>
  );
}

function ChooseReason({
  descriptionId,
  sending,
  busy,
  error,
  onChoose,
}: {
  descriptionId: string;
  sending: ReportReason | null;
  busy: boolean;
  error: string | null;
  onChoose: (reason: ReportReason) => void;
}) {
  const { t } = useT();
  return (
    <>
      <DialogDescription id={descriptionId}>{t('reports.choose')}</DialogDescription>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <ul className="mt-5 space-y-2">
        {REPORT_REASONS.map((reason) => {
          const more = reasonNeedsMore(reason);
          const thisOne = sending === reason;
          return (
            <li key={reason}>
              <button
                type="button"
                aria-disabled={busy || undefined}
                onClick={() => {
                  if (!busy) onChoose(reason);
                }}
                className="flex min-h-13 w-full items-center gap-3 rounded-2xl border border-ink-200 bg-white px-4 py-3 text-left text-base font-semibold text-ink-950 transition-colors hover:border-ink-300 hover:bg-ink-50 aria-disabled:cursor-wait aria-disabled:opacity-75"
              >
                <span className="min-w-0 flex-1">{t(`reports.reason.${reason}`)}</span>
                {thisOne ? (
                  <span className="inline-flex shrink-0 items-center gap-1.5 text-sm font-semibold text-ink-muted">
                    <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
                    {t('reports.sending')}
                  </span>
                ) : more ? (
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}

type MoreValues = z.input<typeof reportInput>;

function MoreForm({
  subject,
  reason,
  descriptionId,
  busy,
  error,
  onBack,
  onSend,
}: {
  subject: ReportSubject;
  reason: ReportReason;
  descriptionId: string;
  busy: boolean;
  error: string | null;
  onBack: () => void;
  /** Sends; `onFieldErrors` puts the server's per-field messages under the fields (true if any took one). */
  onSend: (
    extra: Pick<ReportInput, 'details' | 'originalUrl'>,
    onFieldErrors: (failure: unknown) => boolean,
  ) => Promise<void>;
}) {
  const { t, tm, locale } = useT();
  const id = useId();
  const copyright = reason === 'copyright';
  const {
    register,
    handleSubmit,
    getValues,
    setError: setFieldError,
    control,
    formState: { errors },
  } = useForm<MoreValues, unknown, z.output<typeof reportInput>>({
    // The whole report is checked as the server will check it; the subject and reason ride along.
    resolver: zodResolver(reportInput),
    defaultValues: { ...subjectInput(subject), reason, details: '', originalUrl: '' },
    reValidateMode: 'onSubmit',
  });
  const detailsLength = (useWatch({ control, name: 'details' }) ?? '').length;
  const detailsId = `${id}-details`;
  const urlId = `${id}-url`;
  const detailsError = errors.details?.message === undefined ? undefined : tm(errors.details.message);
  const urlError = errors.originalUrl?.message === undefined ? undefined : tm(errors.originalUrl.message);

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        void handleSubmit(async () => {
          // The fields as typed: the server trims them and reads an empty link as none.
          const { details = '', originalUrl = '' } = getValues();
          await onSend(copyright ? { details, originalUrl } : { details }, (failure) =>
            setServerFieldErrors(setFieldError, failure, { originalUrl: 'originalUrl', details: 'details' }),
          );
        })();
      }}
    >
      <DialogDescription id={descriptionId}>
        <span className="font-semibold text-ink-950">
          {t(`reports.reason.${reason}`)}
          {t('reports.fullStop')}
        </span>{' '}
        {copyright ? t('reports.giveOriginal') : t('reports.tellUs')}
      </DialogDescription>
      <div className="mt-5 space-y-5">
        {copyright ? (
          <Field id={urlId} label={t('reports.originalLabel')} error={urlError} hint={t('reports.originalHint')}>
            <Input
              id={urlId}
              type="url"
              inputMode="url"
              autoComplete="url"
              autoFocus
              maxLength={SAFETY_LIMITS.urlMax}
              placeholder="https://"
              aria-invalid={urlError ? true : undefined}
              aria-describedby={fieldDescribedBy(urlId, { error: urlError, hint: true })}
              {...register('originalUrl')}
            />
          </Field>
        ) : null}
        <Field
          id={detailsId}
          label={copyright ? t('reports.anythingElse') : t('reports.whatIsWrong')}
          error={detailsError}
          hint={t('reports.characters', {
            count: detailsLength.toLocaleString(LOCALE_TAGS[locale]),
            max: SAFETY_LIMITS.detailsMax.toLocaleString(LOCALE_TAGS[locale]),
          })}
        >
          <Textarea
            id={detailsId}
            rows={4}
            autoFocus={!copyright}
            maxLength={SAFETY_LIMITS.detailsMax}
            className="min-h-28"
            aria-invalid={detailsError ? true : undefined}
            aria-describedby={fieldDescribedBy(detailsId, { error: detailsError, hint: true })}
            {...register('details')}
          />
        </Field>
      </div>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <DialogActions
        onCancel={onBack}
        cancelLabel={
          <>
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('reports.back')}
          </>
        }
        busy={busy}
      >
        <DialogSubmit busy={busy} busyLabel={t('reports.sending')}>
          {t('reports.send')}
        </DialogSubmit>
      </DialogActions>
    </form>
  );
}

function Refused({
  message,
  titleId,
  descriptionId,
  onClose,
}: {
  message: string;
  titleId: string;
  descriptionId: string;
  onClose: () => void;
}) {
  const { t } = useT();
  return (
    <DialogDone icon={CircleAlert} tone="danger" titleId={titleId} title={t('reports.notSent')}>
      <p id={descriptionId} role="alert" className="mt-2 leading-7 break-words text-ink-950">
        {message}
      </p>
      <DialogDoneButton onClick={onClose}>{t('reports.close')}</DialogDoneButton>
    </DialogDone>
  );
}
