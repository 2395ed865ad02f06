import { ACCOUNT_LIMITS, newPassword, translate } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy } from '../../../components/ui/field.tsx';
import { IconTile } from '../../../components/ui/icon-tile.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSetPassword } from '../api/set-password.ts';
import { localized, SubmitButton, FormFailure } from './auth-form-parts.tsx';

/** The toast's English, as tests look for it. */
export const PASSWORD_SET_MESSAGE = translate('en', 'accounts.setPassword.done');

// The same rule as sign-up's password (the contracts' newPassword), checked before sending.
const setPasswordForm = z.object({ password: newPassword });
type SetPasswordValues = z.input<typeof setPasswordForm>;

export interface SetPasswordDialogProps {
  /** The account's email, for password managers to save beside the new password. */
  email: string;
  onClose: () => void;
}

/**
 * "Set a password", from the account menu of an account made at checkout: until then she logs in
 * with emailed codes. Loaded on first open (the header is on every page's first load, zod is not).
 */
export function SetPasswordDialog({ email, onClose }: SetPasswordDialogProps) {
  const { t, tm } = useT();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const passwordId = `${id}-password`;
  const failureId = `${id}-failure`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const setPassword = useSetPassword();
  const busy = setPassword.isPending;
  const { run } = useSingleFlight(busy);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<SetPasswordValues, unknown, z.output<typeof setPasswordForm>>({
    resolver: zodResolver(setPasswordForm),
    defaultValues: { password: '' },
    reValidateMode: 'onSubmit',
  });

  // After the Dialog's own effect has opened it (a child's effects run first), which focused its
  // first control, the close button.
  useEffect(() => {
    setFocus('password');
  }, [setFocus]);

  const close = () => dialogRef.current?.close();

  const send = async (values: z.output<typeof setPasswordForm>) => {
    try {
      await setPassword.mutateAsync(values);
      close();
      toast.success(t('accounts.setPassword.done'));
    } catch (error) {
      if (!setServerFieldErrors(setError, error, { password: 'password' })) {
        setFailure(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE);
        setFocus('password');
      }
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setFailure(null);
      await handleSubmit(send)();
    });
  };

  const passwordError = localized(tm, errors.password?.message);

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <div className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-4">
          <IconTile icon={KeyRound} />
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <h2 id={titleId} className="mt-4 text-2xl font-extrabold tracking-tight text-balance text-ink-950">
          {t('accounts.setPassword.title')}
        </h2>
        <p id={descriptionId} className="mt-2 leading-7 text-ink-muted">
          {t('accounts.setPassword.description')}
        </p>
        <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
          {/* Tells a password manager which account the new password belongs to. */}
          <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
          <Field
            id={passwordId}
            label={t('accounts.setPassword.newPassword')}
            error={passwordError}
            hint={t('accounts.form.passwordHint', { min: ACCOUNT_LIMITS.passwordMin })}
          >
            <PasswordInput
              id={passwordId}
              autoComplete="new-password"
              aria-invalid={passwordError || failure ? true : undefined}
              aria-describedby={cn(
                fieldDescribedBy(passwordId, { error: passwordError, hint: true }),
                failure && failureId,
              )}
              {...register('password', {
                onChange: () => {
                  clearErrors('password');
                  setFailure(null);
                },
              })}
            />
          </Field>
          {failure ? <FormFailure id={failureId}>{failure}</FormFailure> : null}
          <SubmitButton busy={busy} busyLabel={t('accounts.form.saving')}>
            {t('accounts.setPassword.submit')}
          </SubmitButton>
        </form>
      </div>
    </Dialog>
  );
}
