import { AUTH_MESSAGES } from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { meQueryKey, useSignIn } from '../../accounts/index.ts';

/**
 * The /admin login (SPEC §5, §8): only the account whose email is ADMIN_EMAIL gets past the
 * server. A failure shows the server's message inline, or 'Login failed' when there is none.
 */
export function AdminLoginForm() {
  const { t, tm } = useT();
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const signIn = useSignIn();
  const { run } = useSingleFlight(signIn.isPending);
  // No resolver: the spec gives this form one message of its own, and the server's for the rest.
  const { register, handleSubmit, setFocus } = useForm({ defaultValues: { email: '', password: '' } });

  const submit = async ({ email, password }: { email: string; password: string }) => {
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.requiredFields);
      setFocus('email');
      return;
    }
    setError(null);
    try {
      const me = await signIn.mutateAsync({ role: 'admin', email: email.trim(), password });
      // The server refuses anyone else with FORBIDDEN; this only guards against a surprise answer.
      if (!me.account?.isAdmin) setError(AUTH_MESSAGES.adminLoginFailed);
    } catch (caught) {
      // SPEC §8: the server's message, or 'Login failed' when it gave none (the client's stand-in
      // for a body without one is UNEXPECTED_ERROR_MESSAGE).
      const serverMessage = caught instanceof ApiError && caught.message !== UNEXPECTED_ERROR_MESSAGE;
      setError(serverMessage ? caught.message : AUTH_MESSAGES.adminLoginFailed);
      // A refused admin login keeps no session; make sure the rest of the page agrees.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(() => handleSubmit(submit)());
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-7 space-y-5">
      <Field id="admin-email" label={t('admin.login.email')}>
        <Input
          id="admin-email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-login-error' : undefined}
          {...register('email')}
        />
      </Field>
      <Field id="admin-password" label={t('admin.login.password')}>
        <PasswordInput
          id="admin-password"
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-login-error' : undefined}
          {...register('password')}
        />
      </Field>
      <div aria-live="assertive">
        {error ? (
          <p
            id="admin-login-error"
            className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {tm(error)}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="dark" size="lg" aria-disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? t('admin.login.submitting') : t('admin.login.submit')}
      </Button>
    </form>
  );
}
