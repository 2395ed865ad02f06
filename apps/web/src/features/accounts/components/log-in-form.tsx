import { AUTH_MESSAGES, signInInput, type Me } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type SubmitEvent } from 'react';
import { Mail } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import type { useSignIn } from '../api/sign-in.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { audienceCopy } from './auth-dialog-copy.ts';
import {
  AudienceSwitch,
  firstEmpty,
  localized,
  SubmitButton,
  SwitchLine,
  type AuthDraft,
  type AuthFormProps,
} from './auth-form-parts.tsx';

// The dialog says which door (`role`); the person types the rest.
const logInFields = signInInput.omit({ role: true });
type LogInValues = Pick<AuthDraft, 'email' | 'password'>;

export interface LogInFormProps extends AuthFormProps {
  signIn: ReturnType<typeof useSignIn>;
  onSignedIn: (me: Me) => void;
}

/** Log in, in the creator or the fan dialog (SPEC §2, §5, §8), or move on to logging in with a code. */
export function LogInForm({ audience, draft, onSwitch, errorToast, signIn, onSignedIn }: LogInFormProps) {
  const id = useId();
  const { t, tm } = useT();
  const copy = audienceCopy(t, audience);
  const { run } = useSingleFlight(signIn.isPending);
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<LogInValues, unknown, z.output<typeof logInFields>>({
    resolver: zodResolver(logInFields),
    defaultValues: { email: draft.email, password: draft.password },
    // A field's message goes once the person edits it, and comes back only with the next try.
    reValidateMode: 'onSubmit',
  });

  const send = async (values: z.output<typeof logInFields>) => {
    try {
      onSignedIn(await signIn.mutateAsync({ role: audience, ...values }));
    } catch (error) {
      // SPEC §8: toast 'Authentication Error' with the server's message.
      errorToast.show(
        AUTH_MESSAGES.authenticationError,
        error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE,
      );
      setServerFieldErrors(setError, error, { email: 'email', password: 'password' });
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      errorToast.dismiss();
      // SPEC §5: email and password are required, in a toast before any field's own rules.
      const empty = firstEmpty(getValues(), ['email', 'password']);
      if (empty) {
        errorToast.show(AUTH_MESSAGES.requiredFields);
        setFocus(empty);
        return;
      }
      await handleSubmit(send)();
    });
  };

  const switchTo = (next: Parameters<AuthFormProps['onSwitch']>[0]) => {
    onSwitch(next, getValues());
  };

  return (
    <>
      <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
        <Field id={`${id}-email`} label={t('accounts.form.email')} error={localized(tm, errors.email?.message)}>
          <Input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={fieldDescribedBy(`${id}-email`, { error: errors.email?.message })}
            {...register('email', {
              onChange: () => {
                clearErrors('email');
              },
            })}
          />
        </Field>
        <Field
          id={`${id}-password`}
          label={t('accounts.form.password')}
          error={localized(tm, errors.password?.message)}
        >
          <PasswordInput
            id={`${id}-password`}
            autoComplete="current-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={fieldDescribedBy(`${id}-password`, { error: errors.password?.message })}
            {...register('password', {
              onChange: () => {
                clearErrors('password');
              },
            })}
          />
        </Field>
        <div className="-mt-2 flex justify-end">
          <button
            type="button"
            onClick={() => {
              switchTo({ mode: 'forgot' });
            }}
            className="rounded py-1 text-sm font-semibold text-ink-700 underline-offset-4 hover:text-ink-950 hover:underline"
          >
            {t('accounts.form.forgotPassword')}
          </button>
        </div>
        <SubmitButton busy={signIn.isPending} busyLabel={t('accounts.form.loggingIn')}>
          {t('accounts.form.logIn')}
        </SubmitButton>
      </form>
      {/* For an account made at checkout (no password) and anyone who would rather not type one. */}
      <Button
        variant="outline"
        size="lg"
        className="mt-3 w-full"
        onClick={() => {
          switchTo({ mode: 'code' });
        }}
      >
        <Mail aria-hidden="true" className="size-5" />
        {t('accounts.code.emailMeACode')}
      </Button>
      <SwitchLine
        prompt={copy.toSignup[0]}
        action={copy.toSignup[1]}
        onClick={() => {
          switchTo({ mode: 'signup' });
        }}
      />
      <AudienceSwitch
        prompt={copy.switchAudience[0]}
        action={copy.switchAudience[1]}
        onClick={() => {
          switchTo({ audience: audience === 'creator' ? 'fan' : 'creator', mode: 'login' });
        }}
      />
    </>
  );
}
