import {
  ACCOUNT_LIMITS,
  AUTH_MESSAGES,
  passwordResetRequestInput,
  signInInput,
  signUpInput,
  UNLOCK_WINDOW_DAYS,
  type Me,
  type SignInInput,
  type SignUpInput,
} from '@kholo/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent, type ReactNode, type RefObject } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { PasswordInput } from '../../../components/ui/password-input.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import type { AuthAudience, AuthDialogMode, OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';

export interface AuthDialogProps {
  options: OpenAuthDialogOptions;
  /** Runs once the dialog has closed; `signedIn` says whether it closed because of a login or sign-up. */
  onClose: (signedIn: boolean) => void;
}

interface Values {
  name: string;
  email: string;
  password: string;
}
type FieldName = keyof Values;
type FieldErrors = Partial<Record<FieldName, string>>;
const FIELD_ORDER: readonly FieldName[] = ['name', 'email', 'password'];

type ResetState = { status: 'idle' } | { status: 'sent'; message: string } | { status: 'failed'; message: string };

interface AudienceCopy {
  badge: string;
  login: { title: string; description: string };
  signup: { title: string; description: string };
  nameLabel: string;
  toSignup: readonly [prompt: string, action: string];
  toLogin: readonly [prompt: string, action: string];
  switchAudience: readonly [prompt: string, action: string];
}

// The same flows with each audience's wording (SPEC §2 "Login dialogs").
const COPY: Record<AuthAudience, AudienceCopy> = {
  creator: {
    badge: 'For creators',
    login: { title: 'Welcome back', description: 'Log in to your creator dashboard.' },
    signup: {
      title: 'Start selling on Kholo',
      description: 'Create your creator account. No monthly fees, only a small platform fee per unlock.',
    },
    nameLabel: 'Full Name',
    toSignup: ['New to Kholo?', 'Create a creator account'],
    toLogin: ['Already have an account?', 'Log in'],
    switchAudience: ['Here to unlock content?', 'Fan login'],
  },
  fan: {
    badge: 'For fans',
    login: {
      title: 'Log in to unlock content',
      description: `Pay by UPI, card or net banking and keep access for ${UNLOCK_WINDOW_DAYS} days.`,
    },
    signup: {
      title: 'Create a fan account',
      description: `Unlock photos and videos from creators you love. Each unlock lasts ${UNLOCK_WINDOW_DAYS} days.`,
    },
    nameLabel: 'Name',
    toSignup: ['New here?', 'Create a fan account'],
    toLogin: ['Already have a fan account?', 'Log in'],
    switchAudience: ['Are you a creator?', 'Creator login'],
  },
};

const FORGOT_COPY = {
  title: 'Reset your password',
  description: 'Enter the email you use on Kholo and we’ll send you a link to set a new password.',
};

function firstName(me: Me): string {
  const name = me.account?.name.trim() ?? '';
  return name.split(/\s+/)[0] ?? '';
}

function successMessage(audience: AuthAudience, signup: boolean, me: Me): string {
  const first = firstName(me);
  const hello = first ? `, ${first}` : '';
  if (signup) {
    return audience === 'creator'
      ? `Welcome to Kholo${hello}! Your creator account is ready.`
      : `Welcome to Kholo${hello}! You can unlock content now.`;
  }
  return `Welcome back${hello}!`;
}

/** The first message per field, for fields this form has. */
function fieldErrorsFrom(entries: Iterable<readonly [PropertyKey, string]>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, message] of entries) {
    if (typeof key === 'string' && (FIELD_ORDER as readonly string[]).includes(key)) {
      errors[key as FieldName] ??= message;
    }
  }
  return errors;
}

function issuesByField(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  return fieldErrorsFrom(issues.map((issue) => [issue.path[0] ?? '', issue.message] as const));
}

/**
 * The creator and fan dialogs (SPEC §2): login, sign-up and 'Forgot Password?', with the
 * checks and messages of SPEC §5 and §8. Open it through `useAuthDialog()`, never directly.
 */
export function AuthDialog({ options, onClose }: AuthDialogProps) {
  const [audience, setAudience] = useState<AuthAudience>(options.audience);
  const [mode, setMode] = useState<AuthDialogMode>(options.mode ?? 'login');
  const [values, setValues] = useState<Values>({ name: '', email: options.email ?? '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [reset, setReset] = useState<ResetState>({ status: 'idle' });

  const dialogRef = useRef<HTMLDialogElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const backToLoginRef = useRef<HTMLButtonElement>(null);
  const fieldRefs: Record<FieldName, RefObject<HTMLInputElement | null>> = {
    name: nameRef,
    email: emailRef,
    password: passwordRef,
  };
  // Set before closing, so onClose knows why the dialog closed.
  const signedIn = useRef(false);
  // Guards against a second submit (double click, Enter twice) before React re-renders.
  const inFlight = useRef(false);
  // The last error toast, cleared on the next try so stale errors don't pile up.
  const errorToast = useRef<number | undefined>(undefined);
  const showError = (message: string, description?: string) => {
    errorToast.current = toast.error(message, { description });
  };
  const dismissError = () => {
    if (errorToast.current !== undefined) toast.dismiss(errorToast.current);
    errorToast.current = undefined;
  };

  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const busy = signIn.isPending || signUp.isPending || requestReset.isPending;

  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const fieldId = (name: FieldName) => `${id}-${name}`;
  const resetMessageId = `${id}-reset-message`;

  const copy = COPY[audience];
  const signup = mode === 'signup';
  const heading = mode === 'forgot' ? FORGOT_COPY : signup ? copy.signup : copy.login;

  // Focus lands in the first field when the dialog opens and whenever its form changes.
  useEffect(() => {
    (mode === 'signup' ? nameRef : emailRef).current?.focus();
  }, [audience, mode]);

  // Once the reset email is on its way the form is gone; keep focus inside the dialog.
  useEffect(() => {
    if (reset.status === 'sent') backToLoginRef.current?.focus();
  }, [reset.status]);

  const close = () => dialogRef.current?.close();

  const switchTo = (next: { audience?: AuthAudience; mode: AuthDialogMode }) => {
    if (busy) return;
    if (next.audience) setAudience(next.audience);
    setMode(next.mode);
    // An error about the form just left would read as one about the new form.
    dismissError();
    setErrors({});
    setReset({ status: 'idle' });
  };

  const setValue = (name: FieldName, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const showFieldErrors = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const first = FIELD_ORDER.find((name) => fieldErrors[name]);
    if (first) fieldRefs[first].current?.focus();
  };

  const finishSignedIn = (me: Me) => {
    signedIn.current = true;
    close();
    toast.success(successMessage(audience, signup, me));
    // A creator's home is the dashboard at `/`; a fan stays where they were.
    if (audience === 'creator' && pathname !== '/') void navigate('/');
    if (audience === options.audience) options.onSignedIn?.(me);
    // Closing hands focus back to the button that opened the dialog, but the header's Login is
    // replaced by Logout once signed in: don't leave keyboard users at the top of the document.
    requestAnimationFrame(() => {
      if (document.activeElement === document.body || !document.activeElement?.isConnected) {
        document.getElementById('main')?.focus({ preventScroll: true });
      }
    });
  };

  const submitCredentials = async () => {
    dismissError();
    const name = values.name.trim();
    const email = values.email.trim();
    const { password } = values;

    // SPEC §5: email and password are required in every form. The creator sign-up then asks for
    // the name with its own message; the fan sign-up checks all three in a single message.
    const empty: Record<FieldName, boolean> = { name: signup && !name, email: !email, password: !password };
    const firstEmpty = FIELD_ORDER.find((field) => empty[field]);
    if (empty.email || empty.password || (empty.name && audience === 'fan')) {
      showError(AUTH_MESSAGES.requiredFields);
      if (firstEmpty) fieldRefs[firstEmpty].current?.focus();
      return;
    }
    if (empty.name) {
      showError(AUTH_MESSAGES.nameRequired);
      nameRef.current?.focus();
      return;
    }

    // Format and length rules come from the contracts, so the browser and the server agree.
    const request = signup
      ? signUpInput.safeParse({ role: audience, name, email, password })
      : signInInput.safeParse({ role: audience, email, password });
    if (!request.success) {
      showFieldErrors(issuesByField(request.error.issues));
      return;
    }

    inFlight.current = true;
    setErrors({});
    try {
      const me = await send(request.data);
      finishSignedIn(me);
    } catch (error) {
      // SPEC §8: toast 'Authentication Error' with the server's message.
      const apiError = error instanceof ApiError ? error : undefined;
      showError(AUTH_MESSAGES.authenticationError, apiError?.message ?? UNEXPECTED_ERROR_MESSAGE);
      if (apiError?.code === 'VALIDATION_FAILED') showFieldErrors(fieldErrorsFrom(Object.entries(apiError.fields)));
    } finally {
      inFlight.current = false;
    }
  };

  const send = (data: SignUpInput | SignInInput): Promise<Me> =>
    'name' in data ? signUp.mutateAsync(data) : signIn.mutateAsync(data);

  const submitReset = async () => {
    const request = passwordResetRequestInput.safeParse({ email: values.email });
    if (!request.success) {
      setReset({ status: 'failed', message: request.error.issues[0]?.message ?? UNEXPECTED_ERROR_MESSAGE });
      emailRef.current?.focus();
      return;
    }
    inFlight.current = true;
    setReset({ status: 'idle' });
    try {
      const answer = await requestReset.mutateAsync(request.data);
      setReset({ status: 'sent', message: answer.message });
    } catch (error) {
      setReset({ status: 'failed', message: error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE });
      emailRef.current?.focus();
    } finally {
      inFlight.current = false;
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    void (mode === 'forgot' ? submitReset() : submitCredentials());
  };

  const emailField = (
    <Field id={fieldId('email')} label="Email" error={mode === 'forgot' ? undefined : errors.email}>
      <Input
        ref={emailRef}
        id={fieldId('email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        value={values.email}
        onChange={(event) => {
          setValue('email', event.target.value);
          if (reset.status === 'failed') setReset({ status: 'idle' });
        }}
        aria-invalid={(mode === 'forgot' ? reset.status === 'failed' : Boolean(errors.email)) || undefined}
        aria-describedby={
          mode === 'forgot'
            ? reset.status === 'failed'
              ? resetMessageId
              : undefined
            : fieldDescribedBy(fieldId('email'), { error: errors.email })
        }
      />
    </Field>
  );

  return (
    <Dialog
      ref={dialogRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      onClose={() => {
        onClose(signedIn.current);
      }}
    >
      <div className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-center justify-between gap-4">
          <p className="inline-flex items-center gap-2 text-sm font-bold text-ink-800">
            <LogoMark className="size-7" />
            {copy.badge}
          </p>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <h2 id={titleId} className="mt-4 text-2xl font-extrabold tracking-tight text-balance text-ink-950">
          {heading.title}
        </h2>
        <p id={descriptionId} className="mt-2 leading-7 text-ink-muted">
          {heading.description}
        </p>

        {mode === 'forgot' ? (
          <>
            {reset.status === 'sent' ? null : (
              <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
                {emailField}
                {reset.status === 'failed' ? (
                  <p
                    id={resetMessageId}
                    role="alert"
                    className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
                  >
                    <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {reset.message}
                  </p>
                ) : null}
                <SubmitButton busy={requestReset.isPending} busyLabel="Sending...">
                  Send reset link
                </SubmitButton>
              </form>
            )}
            {/* Always in the page, so the success is announced when it appears. */}
            <div aria-live="polite" className={reset.status === 'sent' ? 'mt-6' : undefined}>
              {reset.status === 'sent' ? (
                <div className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
                  <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
                  <div className="text-sm leading-6">
                    <p className="font-bold">{AUTH_MESSAGES.resetEmailSent}</p>
                    <p className="mt-1">{reset.message}</p>
                  </div>
                </div>
              ) : null}
            </div>
            {reset.status === 'sent' ? (
              <Button
                ref={backToLoginRef}
                variant="dark"
                size="lg"
                className="mt-5 w-full"
                onClick={() => {
                  switchTo({ mode: 'login' });
                }}
              >
                Back to login
              </Button>
            ) : (
              <SwitchLine
                prompt="Remembered it?"
                action="Back to login"
                onClick={() => {
                  switchTo({ mode: 'login' });
                }}
              />
            )}
          </>
        ) : (
          <>
            <form onSubmit={onSubmit} noValidate className="mt-6 space-y-5">
              {signup ? (
                <Field id={fieldId('name')} label={copy.nameLabel} error={errors.name}>
                  <Input
                    ref={nameRef}
                    id={fieldId('name')}
                    name="name"
                    autoComplete="name"
                    autoCapitalize="words"
                    maxLength={ACCOUNT_LIMITS.nameMax}
                    value={values.name}
                    onChange={(event) => {
                      setValue('name', event.target.value);
                    }}
                    aria-invalid={errors.name ? true : undefined}
                    aria-describedby={fieldDescribedBy(fieldId('name'), { error: errors.name })}
                  />
                </Field>
              ) : null}
              {emailField}
              <Field
                id={fieldId('password')}
                label="Password"
                error={errors.password}
                hint={signup ? `At least ${ACCOUNT_LIMITS.passwordMin} characters.` : undefined}
              >
                <PasswordInput
                  ref={passwordRef}
                  id={fieldId('password')}
                  name="password"
                  autoComplete={signup ? 'new-password' : 'current-password'}
                  value={values.password}
                  onChange={(event) => {
                    setValue('password', event.target.value);
                  }}
                  aria-invalid={errors.password ? true : undefined}
                  aria-describedby={fieldDescribedBy(fieldId('password'), {
                    error: errors.password,
                    hint: signup,
                  })}
                />
              </Field>
              {signup ? null : (
                <div className="-mt-2 flex justify-end">
                  <button
                    type="button"
                    onClick={() => {
                      switchTo({ mode: 'forgot' });
                    }}
                    className="rounded py-1 text-sm font-semibold text-ink-700 underline-offset-4 hover:text-ink-950 hover:underline"
                  >
                    Forgot Password?
                  </button>
                </div>
              )}
              <SubmitButton
                busy={signIn.isPending || signUp.isPending}
                busyLabel={signup ? 'Creating account...' : 'Logging in...'}
              >
                {signup ? 'Create account' : 'Log in'}
              </SubmitButton>
            </form>
            <SwitchLine
              prompt={signup ? copy.toLogin[0] : copy.toSignup[0]}
              action={signup ? copy.toLogin[1] : copy.toSignup[1]}
              onClick={() => {
                switchTo({ mode: signup ? 'login' : 'signup' });
              }}
            />
            <div className="mt-5 border-t border-ink-950/8 pt-4">
              <SwitchLine
                prompt={copy.switchAudience[0]}
                action={copy.switchAudience[1]}
                onClick={() => {
                  switchTo({ audience: audience === 'creator' ? 'fan' : 'creator', mode: 'login' });
                }}
                className="mt-0"
              />
            </div>
          </>
        )}
      </div>
    </Dialog>
  );
}

function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    // aria-disabled rather than disabled keeps keyboard focus on the button while it works;
    // the form's in-flight guard is what refuses a second submit.
    <Button type="submit" size="lg" aria-disabled={busy} className="w-full">
      {busy ? (
        <>
          <span
            aria-hidden="true"
            className="size-4 rounded-full border-2 border-ink-950/30 border-t-ink-950 motion-safe:animate-spin"
          />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

function SwitchLine({
  prompt,
  action,
  onClick,
  className = 'mt-5',
}: {
  prompt: string;
  action: string;
  onClick: () => void;
  className?: string;
}) {
  return (
    <p className={`${className} text-center text-[0.9375rem] text-ink-muted`}>
      {prompt}{' '}
      <button
        type="button"
        onClick={onClick}
        className="rounded font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
      >
        {action}
      </button>
    </p>
  );
}
