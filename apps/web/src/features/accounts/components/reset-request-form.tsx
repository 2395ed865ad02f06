import { AUTH_MESSAGES, passwordResetRequestInput, type PasswordResetRequestInput } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import type { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { SubmitButton, SwitchLine, type AuthFormProps, FormFailure } from './auth-form-parts.tsx';

export interface ResetRequestFormProps extends AuthFormProps {
  requestReset: ReturnType<typeof useRequestPasswordReset>;
}

/**
 * 'Forgot Password?': sends the reset link to the email typed. Its one message, the schema's or
 * the server's, shows in red under the field rather than as a toast.
 */
export function ResetRequestForm({ draft, onSwitch, requestReset }: ResetRequestFormProps) {
  const { t, tm } = useT();
  const id = useId();
  const messageId = `${id}-reset-message`;
  const backToLoginRef = useRef<HTMLButtonElement>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const { run } = useSingleFlight(requestReset.isPending);
  const {
    register,
    handleSubmit,
    getValues,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<PasswordResetRequestInput, unknown, z.output<typeof passwordResetRequestInput>>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: draft.email },
    reValidateMode: 'onSubmit',
  });
  const failure = errors.email?.message ?? errors.root?.message;

  // Once the reset email is on its way the form is gone; keep focus inside the dialog.
  useEffect(() => {
    if (sentMessage !== null) backToLoginRef.current?.focus();
  }, [sentMessage]);

  const send = async (values: z.output<typeof passwordResetRequestInput>) => {
    try {
      setSentMessage((await requestReset.mutateAsync(values)).message);
    } catch (error) {
      setError('root', { message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
      setFocus('email');
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => handleSubmit(send)());
  };

  const backToLogin = () => {
    onSwitch({ mode: 'login' }, getValues());
  };

  return (
    <>
      {sentMessage !== null ? null : (
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
          <Field id={`${id}-email`} label={t('accounts.form.email')}>
            <Input
              id={`${id}-email`}
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
          <SubmitButton busy={requestReset.isPending} busyLabel={t('accounts.form.sending')}>
            {t('accounts.forgot.send')}
          </SubmitButton>
        </form>
      )}
      {/* Always in the page, so the success is announced when it appears. */}
      <div aria-live="polite" className={sentMessage !== null ? 'mt-6' : undefined}>
        {sentMessage !== null ? (
          <div className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
            <div className="text-sm leading-6">
              <p className="font-bold">{tm(AUTH_MESSAGES.resetEmailSent)}</p>
              <p className="mt-1">{tm(sentMessage)}</p>
            </div>
          </div>
        ) : null}
      </div>
      {sentMessage !== null ? (
        <Button ref={backToLoginRef} variant="dark" size="lg" className="mt-5 w-full" onClick={backToLogin}>
          {t('accounts.forgot.backToLogin')}
        </Button>
      ) : (
        <SwitchLine
          prompt={t('accounts.forgot.rememberedPrompt')}
          action={t('accounts.forgot.backToLogin')}
          onClick={backToLogin}
        />
      )}
    </>
  );
}
