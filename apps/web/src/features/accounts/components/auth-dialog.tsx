import type { Me } from '@kholo/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import type { LazyDialogProps } from '../../../lib/lazy-dialog.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import type { AuthAudience, AuthDialogMode, OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';
import { AUDIENCE_COPY, FORGOT_COPY, signedInMessage } from './auth-dialog-copy.ts';
import { useErrorToast, type AuthDraft, type AuthFormProps } from './auth-form-parts.tsx';
import { LogInForm } from './log-in-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';

/** `onClose` runs once the dialog has closed, with whether a login or sign-up closed it. */
export type AuthDialogProps = LazyDialogProps<OpenAuthDialogOptions, boolean>;

/**
 * The creator and fan dialogs (SPEC §2): the frame, and which of its three forms shows (log in,
 * sign up, 'Forgot Password?'). Each form holds its own checks and messages (SPEC §5, §8). Open it
 * through `useAuthDialog()`, never directly.
 */
export function AuthDialog({ options, onClose }: AuthDialogProps) {
  const [audience, setAudience] = useState<AuthAudience>(options.audience);
  const [mode, setMode] = useState<AuthDialogMode>(options.mode ?? 'login');
  const [draft, setDraft] = useState<AuthDraft>({ name: '', email: options.email ?? '', password: '' });

  const dialogRef = useRef<HTMLDialogElement>(null);
  // Set before closing, so onClose knows why the dialog closed.
  const signedIn = useRef(false);
  const errorToast = useErrorToast();

  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const busy = signIn.isPending || signUp.isPending || requestReset.isPending;

  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const copy = AUDIENCE_COPY[audience];
  const heading = mode === 'forgot' ? FORGOT_COPY : mode === 'signup' ? copy.signup : copy.login;

  // Focus lands in the first field when the dialog opens and whenever its form changes. From
  // here rather than from the form: the dialog opens in its own effect, which runs after the
  // form's and would take focus to its first control.
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('form input')?.focus();
  }, [audience, mode]);

  const close = () => dialogRef.current?.close();

  const switchTo: AuthFormProps['onSwitch'] = (next, typed) => {
    if (busy) return;
    setDraft((current) => ({ ...current, ...typed }));
    if (next.audience) setAudience(next.audience);
    setMode(next.mode);
    // An error about the form just left would read as one about the new form.
    errorToast.dismiss();
  };

  const finishSignedIn = (me: Me) => {
    signedIn.current = true;
    close();
    toast.success(signedInMessage(audience, mode === 'signup', me));
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

  const formProps: AuthFormProps = { audience, draft, onSwitch: switchTo, errorToast };

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
        {/* A new form for each audience and mode, so no field error carries over. */}
        {mode === 'forgot' ? (
          <ResetRequestForm key={`${audience}-forgot`} {...formProps} requestReset={requestReset} />
        ) : mode === 'signup' ? (
          <SignUpForm key={`${audience}-signup`} {...formProps} signUp={signUp} onSignedIn={finishSignedIn} />
        ) : (
          <LogInForm key={`${audience}-login`} {...formProps} signIn={signIn} onSignedIn={finishSignedIn} />
        )}
      </div>
    </Dialog>
  );
}
