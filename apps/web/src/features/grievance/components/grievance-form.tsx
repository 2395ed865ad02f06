import {
  formatDateTime,
  GRIEVANCE_TOPICS,
  grievanceInput,
  LOCALE_TAGS,
  SAFETY_LIMITS,
  translate,
  type TicketReceipt,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Input, NameEmailFields, Textarea } from '../../../components/ui/field.tsx';
import { FormSubmitRow } from '../../../components/ui/form-footer.tsx';
import { IconTile } from '../../../components/ui/icon-tile.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { type GrievanceValues, useSendGrievance } from '../api/send-grievance.ts';

/** The toast's English, as tests look for it; the form says it in the interface's language. */
export const GRIEVANCE_FAILED_MESSAGE = translate('en', 'grievance.failed');

type GrievanceFormValues = z.input<typeof grievanceInput>;

const emptyForm: Partial<GrievanceFormValues> = { name: '', email: '', details: '', link: '' };

/** The complaint form, and once it is sent, its ticket number in its place. */
export function GrievanceForm() {
  const { t, tm, locale } = useT();
  const [sent, setSent] = useState<{ receipt: TicketReceipt; email: string } | null>(null);
  const sendGrievance = useSendGrievance();
  const { busy, run } = useSingleFlight(sendGrievance.isPending);
  // The last failure's toast, cleared once the person tries again so stale errors don't pile up.
  const errorToast = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<GrievanceFormValues, unknown, GrievanceValues>({
    resolver: zodResolver(grievanceInput),
    defaultValues: emptyForm,
  });

  const sendValidGrievance = async (values: GrievanceValues) => {
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current);
    try {
      const receipt = await sendGrievance.mutateAsync(values);
      setSent({ receipt, email: values.email });
      reset(emptyForm);
    } catch (error) {
      // Whatever happens, the person's text stays in the form.
      if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR') {
        errorToast.current = toast.error(t('grievance.failed'));
        return;
      }
      setServerFieldErrors(setError, error, {
        name: 'name',
        email: 'email',
        topic: 'topic',
        details: 'details',
        link: 'link',
      });
      errorToast.current = toast.error(tm(error.message));
    }
  };

  const detailsLength = useWatch({ control, name: 'details' }).length;
  // A rule's or the server's message about a field, in the interface's language.
  const localized = (message: string | undefined) => (message === undefined ? undefined : tm(message));

  if (sent !== null) {
    return (
      <GrievanceReceipt
        receipt={sent.receipt}
        email={sent.email}
        onAnother={() => {
          setSent(null);
        }}
      />
    );
  }

  const topicError = localized(errors.topic?.message);
  return (
    <form
      // Never a GET: without the app (its script failed), the browser would put what she wrote in the address and the logs.
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => handleSubmit(sendValidGrievance)());
      }}
      noValidate
      className="space-y-6"
    >
      <NameEmailFields
        idPrefix="grievance"
        name={register('name')}
        email={register('email')}
        nameError={localized(errors.name?.message)}
        emailError={localized(errors.email?.message)}
        className="grid gap-6 sm:grid-cols-2"
      />

      <fieldset aria-describedby={topicError ? 'grievance-topic-error' : undefined}>
        <legend className="text-sm font-semibold text-ink-950">{t('grievance.topicLegend')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {GRIEVANCE_TOPICS.map((topic) => (
            <label
              key={topic}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-3 text-[0.9375rem] text-ink-950 transition-colors hover:border-ink-300 has-checked:border-ink-950 has-checked:bg-cream',
                topicError ? 'border-red-600' : 'border-ink-200',
              )}
            >
              <input
                type="radio"
                value={topic}
                className="size-4 shrink-0 accent-ink-950"
                aria-invalid={topicError ? true : undefined}
                {...register('topic')}
              />
              <span className="min-w-0">{t(`grievance.topic.${topic}`)}</span>
            </label>
          ))}
        </div>
        {topicError ? (
          <p id="grievance-topic-error" className="mt-2 text-sm font-medium text-red-700">
            {topicError}
          </p>
        ) : null}
      </fieldset>

      <Field
        id="grievance-details"
        label={t('grievance.whatHappened')}
        error={localized(errors.details?.message)}
        hint={t('grievance.characters', {
          count: detailsLength.toLocaleString(LOCALE_TAGS[locale]),
          max: SAFETY_LIMITS.detailsMax.toLocaleString(LOCALE_TAGS[locale]),
        })}
      >
        <Textarea
          id="grievance-details"
          rows={6}
          aria-invalid={errors.details ? true : undefined}
          aria-describedby={fieldDescribedBy('grievance-details', { error: errors.details?.message, hint: true })}
          {...register('details')}
        />
      </Field>

      <Field
        id="grievance-link"
        label={t('grievance.linkLabel')}
        error={localized(errors.link?.message)}
        hint={t('grievance.linkHint')}
      >
        <Input
          id="grievance-link"
          type="url"
          inputMode="url"
          spellCheck={false}
          placeholder="https://"
          aria-invalid={errors.link ? true : undefined}
          aria-describedby={fieldDescribedBy('grievance-link', { error: errors.link?.message, hint: true })}
          {...register('link')}
        />
      </Field>

      <FormSubmitRow busy={busy} icon={Send} label={t('grievance.send')} note={t('grievance.sendNote')} />
    </form>
  );
}

function GrievanceReceipt({
  receipt,
  email,
  onAnother,
}: {
  receipt: TicketReceipt;
  email: string;
  onAnother: () => void;
}) {
  const { t, tRich, locale } = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the person was in has gone: take her to what replaced it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div>
      <IconTile icon={CircleCheck} tone="success" />
      <h3 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-extrabold tracking-tight text-ink-950 outline-none">
        {t('grievance.received')}
      </h3>
      <p className="mt-4 text-ink-muted">{t('grievance.yourTicket')}</p>
      <p className="mt-1 font-mono text-3xl font-bold tracking-wider text-ink-950">{receipt.ticket}</p>
      <div className="mt-5 space-y-3 leading-7 text-ink-muted">
        <p>
          {tRich('grievance.emailedRich', {
            email: <strong className="font-semibold break-all text-ink-950">{email}</strong>,
          })}
        </p>
        <p>
          {tRich('grievance.resolveByRich', {
            date: <strong className="font-semibold text-ink-950">{formatDateTime(receipt.dueAt, locale)}</strong>,
          })}
        </p>
      </div>
      <Button variant="outline" onClick={onAnother} className="mt-6 w-full sm:w-auto">
        {t('grievance.another')}
      </Button>
    </div>
  );
}
