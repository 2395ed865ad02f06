import { AUTH_MESSAGES } from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { useRef, useState, type SubmitEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input } from '../../../components/ui/field.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { meQueryKey } from '../../accounts/api/get-me.ts';
import { useSignIn } from '../../accounts/api/sign-in.ts';

/**
 * The /admin login (SPEC §5, §8): only the account whose email is ADMIN_EMAIL gets past the
 * server. A failure shows the server's message inline, or 'Login failed' when there is none.
 */
export function AdminLoginForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const { run } = useSingleFlight();
  const queryClient = useQueryClient();
  const signIn = useSignIn();

  const submit = async () => {
    if (!email.trim() || !password) {
      setError(AUTH_MESSAGES.requiredFields);
      emailRef.current?.focus();
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
    void run(submit);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-7 space-y-5">
      <Field id="admin-email" label="Email">
        <Input
          ref={emailRef}
          id="admin-email"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-login-error' : undefined}
        />
      </Field>
      <Field id="admin-password" label="Password">
        <PasswordInput
          id="admin-password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'admin-login-error' : undefined}
        />
      </Field>
      <div aria-live="assertive">
        {error ? (
          <p
            id="admin-login-error"
            className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : null}
      </div>
      <Button type="submit" variant="dark" size="lg" aria-disabled={signIn.isPending} className="w-full">
        {signIn.isPending ? 'Logging in...' : 'Log in'}
      </Button>
    </form>
  );
}
