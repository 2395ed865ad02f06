import {
  CONTACT_LIMITS,
  contactMessageInput,
  LOCALE_TAGS,
  translate,
  type ContactMessageInput,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Field, fieldDescribedBy, NameEmailFields, Textarea } from '../../../components/ui/field.tsx';
import { FormSubmitRow } from '../../../components/ui/form-footer.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

/** The toasts' English, as tests look for them; the form says them in the interface's language. */
export const CONTACT_SENT_MESSAGE = translate('en', 'contact.sent');
export const CONTACT_FAILED_MESSAGE = translate('en', 'contact.failed');

type ContactFormValues = z.input<typeof contactMessageInput>;

const emptyForm: ContactFormValues = { name: '', email: '', message: '' };

export function ContactForm() {
  const { t, tm, locale } = useT();
  const sendMessage = useSendContactMessage();
  const { busy, run } = useSingleFlight(sendMessage.isPending);
  // The last failure's toast, cleared once the person tries again so stale errors don't pile up.
  const errorToast = useRef<number | undefined>(undefined);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    control,
    formState: { errors },
  } = useForm<ContactFormValues, unknown, ContactMessageInput>({
    resolver: zodResolver(contactMessageInput),
    defaultValues: emptyForm,
  });

  const sendValidMessage = async (values: ContactMessageInput) => {
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current);
    try {
      await sendMessage.mutateAsync(values);
      toast.success(t('contact.sent'));
      reset(emptyForm);
    } catch (error) {
      // Whatever happens, the person's text stays in the form.
      if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR') {
        errorToast.current = toast.error(t('contact.failed'));
        return;
      }
      setServerFieldErrors(setError, error, { name: 'name', email: 'email', message: 'message' });
      errorToast.current = toast.error(tm(error.message));
    }
  };

  const messageLength = useWatch({ control, name: 'message' }).length;
  // A rule's or the server's message about a field, in the interface's language.
  const localized = (message: string | undefined) => (message === undefined ? undefined : tm(message));

  return (
    <form
      // Never a GET: without the app (its script failed), the browser would put what she wrote in the address and the logs.
      method="post"
      onSubmit={(event) => {
        event.preventDefault();
        void run(() => handleSubmit(sendValidMessage)());
      }}
      noValidate
      className="space-y-6"
    >
      <NameEmailFields
        idPrefix="contact"
        name={register('name')}
        email={register('email')}
        nameError={localized(errors.name?.message)}
        emailError={localized(errors.email?.message)}
        className="space-y-6"
      />
      <Field
        id="contact-message"
        label={t('contact.message')}
        error={localized(errors.message?.message)}
        hint={t('contact.characters', {
          count: messageLength.toLocaleString(LOCALE_TAGS[locale]),
          max: CONTACT_LIMITS.messageMax.toLocaleString(LOCALE_TAGS[locale]),
        })}
      >
        <Textarea
          id="contact-message"
          rows={6}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={fieldDescribedBy('contact-message', { error: errors.message?.message, hint: true })}
          {...register('message')}
        />
      </Field>
      <FormSubmitRow busy={busy} icon={Send} label={t('contact.send')} note={t('contact.note')} />
    </form>
  );
}
