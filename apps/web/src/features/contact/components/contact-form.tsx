import { CONTACT_LIMITS, contactMessageInput, type ContactMessageInput } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Field, fieldDescribedBy, NameEmailFields, Textarea } from '../../../components/ui/field.tsx';
import { FormSubmitRow } from '../../../components/ui/form-footer.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

export const CONTACT_SENT_MESSAGE = 'Message sent! We’ll reply to your email soon.';
export const CONTACT_FAILED_MESSAGE = 'Could not send your message. Please try again.';

type ContactFormValues = z.input<typeof contactMessageInput>;

const emptyForm: ContactFormValues = { name: '', email: '', message: '' };

export function ContactForm() {
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
      toast.success(CONTACT_SENT_MESSAGE);
      reset(emptyForm);
    } catch (error) {
      // Whatever happens, the person's text stays in the form.
      if (!(error instanceof ApiError) || error.code === 'NETWORK_ERROR') {
        errorToast.current = toast.error(CONTACT_FAILED_MESSAGE);
        return;
      }
      setServerFieldErrors(setError, error, { name: 'name', email: 'email', message: 'message' });
      errorToast.current = toast.error(error.message);
    }
  };

  const messageLength = useWatch({ control, name: 'message' }).length;

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
        nameError={errors.name?.message}
        emailError={errors.email?.message}
        className="space-y-6"
      />
      <Field
        id="contact-message"
        label="Message"
        error={errors.message?.message}
        hint={`${messageLength.toLocaleString('en-IN')} / ${CONTACT_LIMITS.messageMax.toLocaleString('en-IN')} characters`}
      >
        <Textarea
          id="contact-message"
          rows={6}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={fieldDescribedBy('contact-message', { error: errors.message?.message, hint: true })}
          {...register('message')}
        />
      </Field>
      <FormSubmitRow
        busy={busy}
        icon={Send}
        label="Send Message"
        note="We’ll reply to the email address you give us."
      />
    </form>
  );
}
