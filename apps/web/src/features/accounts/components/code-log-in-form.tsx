import { emailCodeRequestInput, type EmailCodeRequestInput, type EmailCodeSent, type Me } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import type { useRequestEmailCode } from '../api/request-email-code.ts';
import { CodeSignInForm } from './code-sign-in-form.tsx';
import { PolicyAgreement } from '../../../components/ui/policy-agreement.tsx';
import { SubmitButton, SwitchLine, type AuthFormProps, FormFailure } from './auth-form-parts.tsx';

export interface CodeLogInFormProps extends AuthFormProps {
  requestCode: ReturnType<typeof useRequestEmailCode>;
  /** The answer to "Send code" once it came: the code form shows instead of the email. */
  sent: EmailCodeSent | null;
  onSent: (sent: EmailCodeSent | null) => void;
  onSignedIn: (me: Me) => void;
}

/**
 * Log in with a code instead of a password, in the creator or the fan dialog: her email, "Send
 * code", then the code from the email. The dialog says what happened in its description (the
 * server's "We sent a 6-digit code to…"), and keeps `sent`, so its heading can follow.
 */
export function CodeLogInForm(props: CodeLogInFormProps) {
  const { audience, sent, onSent, onSignedIn, onSwitch } = props;
  const { t } = useT();
  const backToPassword = (email: string) => {
    onSwitch({ mode: 'login' }, { email });
  };

  return (
    <>
      {sent ? (
        <div className="mt-6">
          <CodeSignInForm
            email={sent.email}
            role={audience}
            onSignedIn={onSignedIn}
            onChangeEmail={() => {
              onSent(null);
            }}
          />
          <SwitchLine
            prompt={t('accounts.code.rememberedPrompt')}
            action={t('accounts.code.logInWithIt')}
            onClick={() => {
              backToPassword(sent.email);
            }}
          />
        </div>
      ) : (
        <EmailStep {...props} onBackToPassword={backToPassword} />
      )}
    </>
  );
}

function EmailStep({
  draft,
  requestCode,
  onSent,
  onBackToPassword,
}: CodeLogInFormProps & { onBackToPassword: (email: string) => void }) {
  const { t } = useT();
  const id = useId();
  const emailId = `${id}-email`;
  const messageId = `${id}-message`;
  const { run } = useSingleFlight(requestCode.isPending);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<EmailCodeRequestInput, unknown, z.output<typeof emailCodeRequestInput>>({
    resolver: zodResolver(emailCodeRequestInput),
    defaultValues: { email: draft.email },
    reValidateMode: 'onSubmit',
  });
  // One message at a time, the schema's or the server's, in red under the field.
  const failure = errors.email?.message ?? errors.root?.message;

  const send = async (values: z.output<typeof emailCodeRequestInput>) => {
    try {
      onSent(await requestCode.mutateAsync(values));
    } catch (error) {
      setError('root', { message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
      setFocus('email');
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => handleSubmit(send)());
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <Field id={emailId} label={t('accounts.form.email')}>
          <Input
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={failure ? true : undefined}
            aria-describedby={failure ? messageId : undefined}
            {...register('email', {
              onChange: () => {
                clearErrors();
              },
            })}
          />
        </Field>
        {failure ? <FormFailure id={messageId}>{failure}</FormFailure> : null}
        <SubmitButton busy={requestCode.isPending} busyLabel={t('accounts.form.sending')}>
          {t('accounts.code.sendCode')}
        </SubmitButton>
        {/* A code for an email with no account makes one (ADR 022). */}
        <PolicyAgreement />
      </form>
      <SwitchLine
        prompt={t('accounts.code.havePasswordPrompt')}
        action={t('accounts.code.logInWithIt')}
        onClick={() => {
          onBackToPassword(getValues('email'));
        }}
      />
    </>
  );
}
