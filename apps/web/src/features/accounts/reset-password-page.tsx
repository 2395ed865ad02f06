import { ACCOUNT_LIMITS, newPassword, RESET_TOKEN_PATTERN, translate } from '@kholo/contracts';
import { CircleAlert, CircleCheck, KeyRound, Link2Off } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { Field, fieldDescribedBy } from '../../components/ui/field.tsx';
import { PasswordInput } from '../../components/ui/password-input.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../lib/api-error.ts';
import { useT } from '../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../lib/use-single-flight.ts';
import { useResetPassword } from './api/reset-password.ts';
import { useAuthDialog } from './hooks/use-auth-dialog.ts';
import { IconTile } from '../../components/ui/icon-tile.tsx';

// In English as the form's rule gives them (and tests look for them); shown through `tm`.
export const PASSWORDS_DIFFER_MESSAGE = translate('en', 'accounts.reset.passwordsDiffer');
export const REPEAT_PASSWORD_MESSAGE = translate('en', 'accounts.reset.repeatPassword');

/** The new password by the contracts' rule, typed twice; whether the two match only matters once it passes. */
const resetForm = z
  .object({ password: newPassword, confirm: z.string() })
  .superRefine(({ password, confirm }, context) => {
    if (!newPassword.safeParse(password).success) return;
    if (!confirm) context.addIssue({ code: 'custom', path: ['confirm'], message: REPEAT_PASSWORD_MESSAGE });
    else if (confirm !== password)
      context.addIssue({ code: 'custom', path: ['confirm'], message: PASSWORDS_DIFFER_MESSAGE });
  });
type ResetValues = z.input<typeof resetForm>;

type Outcome =
  | { status: 'editing' }
  | { status: 'done'; message: string }
  | { status: 'link-invalid'; message: string }
  | { status: 'failed'; message: string };

/** `/reset-password?token=…`, the page the reset email links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const tokenLooksValid = RESET_TOKEN_PATTERN.test(token);
  const { t } = useT();

  return (
    <div className="bg-sand px-4 py-12 sm:px-6 sm:py-20">
      <title>{t('accounts.reset.pageTitle')}</title>
      <div className="mx-auto max-w-md rounded-3xl bg-white p-6 shadow-card ring-1 ring-ink-950/5 sm:p-8">
        {tokenLooksValid ? (
          <ResetForm token={token} />
        ) : (
          <LinkProblem title={t('accounts.reset.incompleteTitle')} message={t('accounts.reset.incompleteMessage')} />
        )}
      </div>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const { t, tm } = useT();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'editing' });
  const resetPassword = useResetPassword();
  const busy = resetPassword.isPending;
  const { run } = useSingleFlight(busy);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<ResetValues, unknown, z.output<typeof resetForm>>({
    resolver: zodResolver(resetForm),
    defaultValues: { password: '', confirm: '' },
    reValidateMode: 'onSubmit',
  });

  const send = async ({ password }: z.output<typeof resetForm>) => {
    setOutcome({ status: 'editing' });
    try {
      const answer = await resetPassword.mutateAsync({ token, newPassword: password });
      setOutcome({ status: 'done', message: answer.message });
    } catch (error) {
      if (!(error instanceof ApiError)) {
        setOutcome({ status: 'failed', message: UNEXPECTED_ERROR_MESSAGE });
      } else if (error.code === 'RESET_LINK_INVALID') {
        setOutcome({ status: 'link-invalid', message: error.message });
      } else {
        setServerFieldErrors(setError, error, { newPassword: 'password' });
        setOutcome({ status: 'failed', message: error.message });
        setFocus('password');
      }
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => handleSubmit(send)());
  };

  const passwordError = errors.password?.message === undefined ? undefined : tm(errors.password.message);
  const confirmError = errors.confirm?.message === undefined ? undefined : tm(errors.confirm.message);

  if (outcome.status === 'done') return <ResetDone message={tm(outcome.message)} />;
  if (outcome.status === 'link-invalid') {
    return <LinkProblem title={t('accounts.reset.noLongerWorksTitle')} message={tm(outcome.message)} />;
  }

  return (
    <>
      <IconTile icon={KeyRound} tone="ink" />
      <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-ink-950">{t('accounts.reset.title')}</h1>
      <p className="mt-2 leading-7 text-ink-muted">{t('accounts.reset.lead', { min: ACCOUNT_LIMITS.passwordMin })}</p>
      <form onSubmit={onSubmit} noValidate className="mt-7 space-y-5">
        <Field id="new-password" label={t('accounts.setPassword.newPassword')} error={passwordError}>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            autoFocus
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={fieldDescribedBy('new-password', { error: errors.password?.message })}
            {...register('password', {
              onChange: () => {
                clearErrors('password');
              },
            })}
          />
        </Field>
        <Field id="confirm-password" label={t('accounts.reset.confirmPassword')} error={confirmError}>
          <PasswordInput
            id="confirm-password"
            autoComplete="new-password"
            aria-invalid={errors.confirm ? true : undefined}
            aria-describedby={fieldDescribedBy('confirm-password', { error: errors.confirm?.message })}
            {...register('confirm', {
              onChange: () => {
                clearErrors('confirm');
              },
            })}
          />
        </Field>
        {outcome.status === 'failed' ? (
          <p
            role="alert"
            className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {tm(outcome.message)}
          </p>
        ) : null}
        <Button type="submit" size="lg" aria-disabled={busy} className="w-full">
          {busy ? t('accounts.form.saving') : t('accounts.reset.save')}
        </Button>
      </form>
    </>
  );
}

function ResetDone({ message }: { message: string }) {
  const { t } = useT();
  const dialog = useAuthDialog();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <>
      <IconTile icon={CircleCheck} tone="success" />
      <h1
        ref={headingRef}
        tabIndex={-1}
        className="mt-5 text-3xl font-extrabold tracking-tight text-ink-950 outline-none"
      >
        {t('accounts.reset.doneTitle')}
      </h1>
      <p role="status" className="mt-2 leading-7 text-ink-muted">
        {message}
      </p>
      <Button
        size="lg"
        className="mt-7 w-full"
        onClick={() => {
          dialog.open({ audience: 'creator', mode: 'login' });
        }}
      >
        {t('accounts.form.logIn')}
      </Button>
      <p className="mt-4 text-center text-sm text-ink-muted">
        {t('accounts.creator.switchPrompt')}{' '}
        <button
          type="button"
          onClick={() => {
            dialog.open({ audience: 'fan', mode: 'login' });
          }}
          className="rounded font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
        >
          {t('accounts.creator.switchAction')}
        </button>
      </p>
    </>
  );
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  const { t } = useT();
  const dialog = useAuthDialog();
  return (
    <>
      <IconTile icon={Link2Off} tone="marigold" />
      <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-balance text-ink-950 sm:text-3xl">{title}</h1>
      <p className="mt-2 leading-7 text-ink-muted">{message}</p>
      <p className="mt-2 leading-7 text-ink-muted">{t('accounts.reset.worksOnce')}</p>
      <Button
        size="lg"
        className="mt-7 w-full"
        onClick={() => {
          dialog.open({ audience: 'creator', mode: 'forgot' });
        }}
      >
        {t('accounts.reset.sendNewLink')}
      </Button>
    </>
  );
}
