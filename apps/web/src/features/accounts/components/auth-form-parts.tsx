import { localizeMessage } from '@kholo/contracts';
import { CircleAlert } from 'lucide-react';
import { useMemo, useRef, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonSpinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useT, type Translator } from '../../../lib/i18n/index.ts';
import type { AuthAudience, AuthDialogMode } from '../hooks/use-auth-dialog.ts';

/** What the person has typed, kept as they move between the dialog's forms. */
export interface AuthDraft {
  name: string;
  email: string;
  password: string;
}

/** Where a form's links lead: another form, and maybe the other audience's dialog. */
export interface AuthSwitch {
  audience?: AuthAudience;
  mode: AuthDialogMode;
}

/** What every form of the dialog is given by its shell. */
export interface AuthFormProps {
  audience: AuthAudience;
  draft: AuthDraft;
  /** Moves to another form, keeping what was typed here; refused while a request is out. */
  onSwitch: (next: AuthSwitch, typed: Partial<AuthDraft>) => void;
  errorToast: ErrorToast;
}

export interface ErrorToast {
  show: (message: string, description?: string) => void;
  dismiss: () => void;
}

/**
 * The dialog's last error toast, cleared on the next try or form so stale errors don't pile up.
 * Its texts arrive in English (the spec's messages, the server's words) and are said in the
 * interface's language here.
 */
export function useErrorToast(): ErrorToast {
  const current = useRef<number | undefined>(undefined);
  const { locale } = useT();
  return useMemo(
    () => ({
      show: (message, description) => {
        current.current = toast.error(localizeMessage(locale, message), {
          description: description === undefined ? undefined : localizeMessage(locale, description),
        });
      },
      dismiss: () => {
        if (current.current !== undefined) toast.dismiss(current.current);
        current.current = undefined;
      },
    }),
    [locale],
  );
}

/** A field's message (a zod rule's or the server's, in English) in the interface's language; none stays none. */
export function localized(tm: Translator['tm'], message: string | undefined): string | undefined {
  return message === undefined ? undefined : tm(message);
}

/** The first of `names` left empty (a name or email of spaces counts as empty, a password doesn't). */
export function firstEmpty<Name extends keyof AuthDraft>(
  values: Pick<AuthDraft, Name>,
  names: readonly Name[],
): Name | undefined {
  return names.find((name) => (name === 'password' ? values[name] === '' : values[name].trim() === ''));
}

/**
 * A form's failure in words, under its fields; `id` is what the field's aria-describedby names.
 * A text (a rule's or the server's, in English) is said in the interface's language.
 */
export function FormFailure({ id, children }: { id: string; children: ReactNode }) {
  const { tm } = useT();
  return (
    <p
      id={id}
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {typeof children === 'string' ? tm(children) : children}
    </p>
  );
}

export function SubmitButton({ busy, busyLabel, children }: { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    // aria-disabled rather than disabled keeps keyboard focus on the button while it works;
    // the form's single-flight guard is what refuses a second submit.
    <Button type="submit" size="lg" aria-disabled={busy} className="w-full">
      {busy ? (
        <>
          <ButtonSpinner />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </Button>
  );
}

export function SwitchLine({
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

/** The line under the log-in and sign-up forms that moves to the other audience's dialog. */
export function AudienceSwitch({ prompt, action, onClick }: { prompt: string; action: string; onClick: () => void }) {
  return (
    <div className="mt-5 border-t border-ink-950/8 pt-4">
      <SwitchLine prompt={prompt} action={action} onClick={onClick} className="mt-0" />
    </div>
  );
}
