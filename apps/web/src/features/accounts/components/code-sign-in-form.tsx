import {
  CODE_MESSAGES,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_PATTERN,
  translate,
  type AccountRole,
  type Me,
} from '@kholo/contracts';
import { MailCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Input } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formatCountdown, useCountdown } from '../../../lib/use-countdown.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRequestEmailCode } from '../api/request-email-code.ts';
import { useSignInWithCode } from '../api/sign-in-with-code.ts';
import { SubmitButton, FormFailure } from './auth-form-parts.tsx';

/** The English labels, as tests look for them; the form says them in the interface's language. */
export const CODE_FIELD_LABEL = translate('en', 'accounts.code.fieldLabel', { length: EMAIL_CODE_LENGTH });
export const RESEND_CODE_LABEL = translate('en', 'accounts.code.resend');
/** How long after asking for a new code the form lets her ask again (the server limits it too). */
export const RESEND_COOLDOWN_MS = 30_000;

export interface CodeSignInFormProps {
  /** Where the code went: the address it signs in. */
  email: string;
  /** The door: 'fan' makes her a fan; 'creator' never makes anyone a creator by itself. */
  role: AccountRole;
  /** Runs with the new session, already stored as every sign-in stores it. */
  onSignedIn: (me: Me) => void;
  /** Offers "Use another email" when given. */
  onChangeEmail?: () => void;
}

/** Only digits, at most a code's length: a pasted "123 456" or "Code: 123456" still works. */
function digitsOf(value: string): string {
  return value.replace(/\D/g, '').slice(0, EMAIL_CODE_LENGTH);
}

/**
 * The one-time code from the email (ADR 022): one field that takes the code the phone offers,
 * sends itself on the sixth digit, shows the server's word on a wrong or used code, and can ask
 * for a new code (then waits 30 s before it can ask again).
 */
export function CodeSignInForm({ email, role, onSignedIn, onChangeEmail }: CodeSignInFormProps) {
  const { t, tm } = useT();
  const id = useId();
  const inputId = `${id}-code`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentMessage, setSentMessage] = useState<string | null>(null);
  const [resendAllowedAt, setResendAllowedAt] = useState<number | null>(null);
  const cooldownLeft = useCountdown(resendAllowedAt);

  const signIn = useSignInWithCode();
  const resend = useRequestEmailCode();
  const { run } = useSingleFlight(signIn.isPending);

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const submit = (value: string) =>
    run(async () => {
      if (!EMAIL_CODE_PATTERN.test(value)) {
        setError(CODE_MESSAGES.format);
        inputRef.current?.focus();
        return;
      }
      setError(null);
      try {
        onSignedIn(await signIn.mutateAsync({ email, code: value, role }));
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
        // Ready to type the right one over it.
        inputRef.current?.select();
      }
    });

  /** What was typed, pasted or offered by the keyboard, as digits; a whole new code goes at once. */
  const take = (value: string) => {
    const next = digitsOf(value);
    const completed = next.length === EMAIL_CODE_LENGTH && next !== code;
    setCode(next);
    setError(null);
    if (completed) void submit(next);
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(code);
  };

  const askForNewCode = async () => {
    if (resend.isPending || cooldownLeft > 0) return;
    setError(null);
    setSentMessage(null);
    try {
      const answer = await resend.mutateAsync({ email });
      setSentMessage(answer.message);
      setResendAllowedAt(Date.now() + RESEND_COOLDOWN_MS);
      setCode('');
      inputRef.current?.focus();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
    }
  };

  const waiting = cooldownLeft > 0;

  return (
    <div>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="space-y-2">
          <label htmlFor={inputId} className="block text-sm font-semibold text-ink-950">
            {t('accounts.code.fieldLabel', { length: EMAIL_CODE_LENGTH })}
          </label>
          <Input
            ref={inputRef}
            id={inputId}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern={`\\d{${EMAIL_CODE_LENGTH}}`}
            maxLength={EMAIL_CODE_LENGTH}
            spellCheck={false}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="text-center text-2xl font-bold tracking-[0.4em] tabular-nums"
            onChange={(event) => {
              take(event.target.value);
            }}
            // The field's maxlength would cut "Code: 482017" to "Code: " before onChange sees it.
            onPaste={(event) => {
              event.preventDefault();
              take(event.clipboardData.getData('text'));
            }}
          />
        </div>
        {error ? <FormFailure id={errorId}>{error}</FormFailure> : null}
        <SubmitButton busy={signIn.isPending} busyLabel={t('accounts.code.confirming')}>
          {t('accounts.code.confirm')}
        </SubmitButton>
      </form>

      {/* Always in the page, so a new code's message is announced when it appears. */}
      <div aria-live="polite">
        {sentMessage ? (
          <p className="mt-4 flex items-start gap-2 text-sm leading-6 text-emerald-800">
            <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {tm(sentMessage)}
          </p>
        ) : null}
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm">
        <button
          type="button"
          disabled={waiting}
          aria-disabled={resend.isPending || undefined}
          onClick={() => {
            void askForNewCode();
          }}
          className="rounded py-1 font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950 disabled:text-ink-muted disabled:no-underline"
        >
          {waiting ? t('accounts.code.resendIn', { time: formatCountdown(cooldownLeft) }) : t('accounts.code.resend')}
        </button>
        {onChangeEmail ? (
          <button
            type="button"
            onClick={onChangeEmail}
            className="rounded py-1 font-semibold text-ink-700 underline-offset-4 hover:text-ink-950 hover:underline"
          >
            {t('accounts.code.useAnotherEmail')}
          </button>
        ) : null}
      </div>
    </div>
  );
}
