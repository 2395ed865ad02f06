import type { EmailCodeSent, Me } from '@kholo/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { LogoMark } from '../../../components/ui/logo.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import type { LazyDialogProps } from '../../../lib/lazy-dialog.tsx';
import { useMe, VISITOR } from '../api/get-me.ts';
import { useRequestEmailCode } from '../api/request-email-code.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import { useSignIn } from '../api/sign-in.ts';
import { useSignUp } from '../api/sign-up.ts';
import { useStartSelling } from '../api/start-selling.ts';
import type { AuthAudience, AuthDialogMode, OpenAuthDialogOptions } from '../hooks/use-auth-dialog.ts';
import { useT } from '../../../lib/i18n/index.ts';
import {
  audienceCopy,
  codeCopy,
  forgotCopy,
  startSellingCopy,
  signedInMessage,
  startedSellingMessage,
  type SignedInVia,
} from './auth-dialog-copy.ts';
import { useErrorToast, type AuthDraft, type AuthFormProps } from './auth-form-parts.tsx';
import { CodeLogInForm } from './code-log-in-form.tsx';
import { LogInForm } from './log-in-form.tsx';
import { ResetRequestForm } from './reset-request-form.tsx';
import { SignUpForm } from './sign-up-form.tsx';
import { StartSellingForm } from './start-selling-form.tsx';

/** `onClose` runs once the dialog has closed, with whether a login or sign-up closed it. */
export type AuthDialogProps = LazyDialogProps<OpenAuthDialogOptions, boolean>;

/**
 * The creator and fan dialogs (SPEC §2): the frame, and which of its forms shows (log in, sign up,
 * 'Forgot Password?', and "Start selling on Kholo?" for an account without a creator page). Each
 * form holds its own checks and messages (SPEC §5, §8). Open it through `useAuthDialog()`, never
 * directly.
 */
export function AuthDialog({ options, onClose }: AuthDialogProps) {
  const [audience, setAudience] = useState<AuthAudience>(options.audience);
  const [mode, setMode] = useState<AuthDialogMode>(options.mode ?? 'login');
  const [draft, setDraft] = useState<AuthDraft>({ name: '', email: options.email ?? '', password: '' });
  const [codeSent, setCodeSent] = useState<EmailCodeSent | null>(null);

  const dialogRef = useRef<HTMLDialogElement>(null);
  // Set as soon as someone signs in here, so onClose knows it (even if she then closes "Start
  // selling on Kholo?"), and how, for the toast.
  const signedIn = useRef(false);
  const signedInVia = useRef<SignedInVia>('password');
  const errorToast = useErrorToast();
  const { t, tm } = useT();

  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signIn = useSignIn();
  const signUp = useSignUp();
  const requestReset = useRequestPasswordReset();
  const requestCode = useRequestEmailCode();
  const startSelling = useStartSelling();
  const busy =
    signIn.isPending || signUp.isPending || requestReset.isPending || requestCode.isPending || startSelling.isPending;
  const session = useMe().data;
  const account = session?.account;
  // "Start selling on Kholo?" needs someone signed in; if she was signed out meanwhile (another
  // tab), the login form shows instead.
  const view: AuthDialogMode = mode === 'start-selling' && !account ? 'login' : mode;

  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const copy = audienceCopy(t, audience);
  const heading =
    view === 'start-selling' && account
      ? startSellingCopy(t, account.email)
      : view === 'code'
        ? codeSent
          ? { title: codeCopy(t).sentTitle, description: tm(codeSent.message) }
          : codeCopy(t)
        : view === 'forgot'
          ? forgotCopy(t)
          : view === 'signup'
            ? copy.signup
            : copy.login;

  // Focus lands in the first field when the dialog opens and whenever its form changes. From
  // here rather than from the form: the dialog opens in its own effect, which runs after the
  // form's and would take focus to its first control.
  useEffect(() => {
    dialogRef.current?.querySelector<HTMLElement>('form input')?.focus();
  }, [audience, view, codeSent]);

  const close = () => dialogRef.current?.close();

  const switchTo: AuthFormProps['onSwitch'] = (next, typed) => {
    if (busy) return;
    setDraft((current) => ({ ...current, ...typed }));
    if (next.audience) setAudience(next.audience);
    setMode(next.mode);
    setCodeSent(null);
    // An error about the form just left would read as one about the new form.
    errorToast.dismiss();
  };

  const finish = (me: Me, message: string, description?: string) => {
    close();
    toast.success(message, { description });
    // A creator's home is the dashboard at `/` (a fan's library, if she chose not to sell); a
    // fan stays where they were.
    if (audience === 'creator' && pathname !== '/') void navigate('/');
    if (audience === options.audience) options.onSignedIn?.(me);
  };

  const finishSignedIn = (me: Me, via: SignedInVia) => {
    signedIn.current = true;
    signedInVia.current = via;
    // Roles never change silently: an account without a creator page that logs in here is asked
    // first, and stays as it is until she says yes.
    if (audience === 'creator' && me.account && !me.creator) {
      errorToast.dismiss();
      setMode('start-selling');
      return;
    }
    finish(me, signedInMessage(t, audience, via, me));
  };

  const notNow = () => {
    // Opened from her account menu, nothing happened here: the dialog just closes.
    if (!signedIn.current) {
      close();
      return;
    }
    const me = session ?? VISITOR;
    finish(me, signedInMessage(t, audience, signedInVia.current, me), t('accounts.startSelling.later'));
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
        // Closing hands focus back to the button that opened the dialog, but the header's Login
        // is replaced by Logout once signed in: don't leave keyboard users at the top of the
        // document (also when she closes "Start selling on Kholo?" instead of answering).
        if (!signedIn.current) return;
        requestAnimationFrame(() => {
          if (document.activeElement === document.body || !document.activeElement?.isConnected) {
            document.getElementById('main')?.focus({ preventScroll: true });
          }
        });
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
        <p id={descriptionId} className="mt-2 leading-7 break-words text-ink-muted">
          {heading.description}
        </p>
        {/* A new form for each audience and mode, so no field error carries over. */}
        {view === 'start-selling' && account ? (
          <StartSellingForm
            account={account}
            startSelling={startSelling}
            errorToast={errorToast}
            onStarted={(me) => {
              finish(me, startedSellingMessage(t, me));
            }}
            onNotNow={notNow}
          />
        ) : view === 'code' ? (
          <CodeLogInForm
            key={`${audience}-code`}
            {...formProps}
            requestCode={requestCode}
            sent={codeSent}
            onSent={setCodeSent}
            onSignedIn={(me) => {
              finishSignedIn(me, 'code');
            }}
          />
        ) : view === 'forgot' ? (
          <ResetRequestForm key={`${audience}-forgot`} {...formProps} requestReset={requestReset} />
        ) : view === 'signup' ? (
          <SignUpForm
            key={`${audience}-signup`}
            {...formProps}
            signUp={signUp}
            onSignedIn={(me) => {
              finishSignedIn(me, 'signup');
            }}
          />
        ) : (
          <LogInForm
            key={`${audience}-login`}
            {...formProps}
            signIn={signIn}
            onSignedIn={(me) => {
              finishSignedIn(me, 'password');
            }}
          />
        )}
      </div>
    </Dialog>
  );
}
