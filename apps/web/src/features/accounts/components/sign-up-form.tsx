import { ACCOUNT_LIMITS, AUTH_MESSAGES, signUpInput, type Me } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import type { useSignUp } from '../api/sign-up.ts';
import { PolicyAgreement } from '../../../components/ui/policy-agreement.tsx';
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

// The dialog says which kind of account (`role`); the person types the rest.
const signUpFields = signUpInput.omit({ role: true });
const FIELDS = ['name', 'email', 'password'] as const;

export interface SignUpFormProps extends AuthFormProps {
  signUp: ReturnType<typeof useSignUp>;
  onSignedIn: (me: Me) => void;
}

/** Sign up as a creator or a fan (SPEC §2, §5, §8). */
export function SignUpForm({ audience, draft, onSwitch, errorToast, signUp, onSignedIn }: SignUpFormProps) {
  const id = useId();
  const { t, tm } = useT();
  const copy = audienceCopy(t, audience);
  const { run } = useSingleFlight(signUp.isPending);
  const {
    register,
    handleSubmit,
    getValues,
    setFocus,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<AuthDraft, unknown, z.output<typeof signUpFields>>({
    resolver: zodResolver(signUpFields),
    defaultValues: draft,
    // A field's message goes once the person edits it, and comes back only with the next try.
    reValidateMode: 'onSubmit',
  });

  const send = async (values: z.output<typeof signUpFields>) => {
    try {
      onSignedIn(await signUp.mutateAsync({ role: audience, ...values }));
    } catch (error) {
      // SPEC §8: toast 'Authentication Error' with the server's message.
      errorToast.show(
        AUTH_MESSAGES.authenticationError,
        error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE,
      );
      setServerFieldErrors(setError, error, { name: 'name', email: 'email', password: 'password' });
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      errorToast.dismiss();
      // SPEC §5: email and password are required in every form. The creator sign-up then asks for
      // the name with its own message; the fan sign-up checks all three in a single message.
      const values = getValues();
      const empty = firstEmpty(values, FIELDS);
      const nameOnly = empty === 'name' && audience === 'creator' && !firstEmpty(values, ['email', 'password']);
      if (empty) {
        errorToast.show(nameOnly ? AUTH_MESSAGES.nameRequired : AUTH_MESSAGES.requiredFields);
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
        <Field id={`${id}-name`} label={copy.nameLabel} error={localized(tm, errors.name?.message)}>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            autoCapitalize="words"
            maxLength={ACCOUNT_LIMITS.nameMax}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={fieldDescribedBy(`${id}-name`, { error: errors.name?.message })}
            {...register('name', {
              onChange: () => {
                clearErrors('name');
              },
            })}
          />
        </Field>
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
          hint={t('accounts.form.passwordHint', { min: ACCOUNT_LIMITS.passwordMin })}
        >
          <PasswordInput
            id={`${id}-password`}
            autoComplete="new-password"
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={fieldDescribedBy(`${id}-password`, { error: errors.password?.message, hint: true })}
            {...register('password', {
              onChange: () => {
                clearErrors('password');
              },
            })}
          />
        </Field>
        <SubmitButton busy={signUp.isPending} busyLabel={t('accounts.form.creatingAccount')}>
          {t('accounts.form.createAccount')}
        </SubmitButton>
        <PolicyAgreement />
      </form>
      <SwitchLine
        prompt={copy.toLogin[0]}
        action={copy.toLogin[1]}
        onClick={() => {
          switchTo({ mode: 'login' });
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
