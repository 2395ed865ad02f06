import {
  deletionBalanceRule,
  formatPaise,
  giveUpBalanceMessage,
  MIN_WITHDRAWAL_PAISE,
  UNLOCK_WINDOW_DAYS,
  withdrawFirstMessage,
  YOUR_DATA_MESSAGES,
} from '@kholo/contracts';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useDeleteAccount } from '../api/delete-account.ts';

export interface DeleteAccountDialogProps {
  email: string;
  /** Her wallet balance when she sells; null for an account without a creator page. */
  walletBalancePaise: number | null;
  onClose: () => void;
  /** After the server deleted the account: the owner signs her out here and goes home. */
  onDeleted: () => void;
}

/**
 * "Delete my account": what happens, what Kholo keeps and why, the wallet balance rule, and her
 * email typed to confirm (ADR 024). Every promise here is what POST /api/account/delete does.
 */
export function DeleteAccountDialog({ email, walletBalancePaise, onClose, onDeleted }: DeleteAccountDialogProps) {
  const { t, tm, locale } = useT();
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const emailId = `${id}-email`;
  const giveUpId = `${id}-give-up`;
  const failureId = `${id}-failure`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [givingUp, setGivingUp] = useState(false);
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const deletion = useDeleteAccount();
  const busy = deletion.isPending;
  const { run } = useSingleFlight(busy);
  // Once deleted, a second click (a double click on a fast answer) has nothing left to send.
  const deleted = useRef(false);
  const isCreator = walletBalancePaise !== null;
  const rule = deletionBalanceRule(walletBalancePaise ?? 0);
  const balance = formatPaise(walletBalancePaise ?? 0, locale);
  const minimum = `₹${MIN_WITHDRAWAL_PAISE / 100}`;

  useEffect(() => {
    emailRef.current?.focus();
  }, []);

  const close = () => dialogRef.current?.close();

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      if (deleted.current) return;
      setFailure(null);
      if (typed.trim() === '') {
        setEmailError(tm(YOUR_DATA_MESSAGES.confirmEmailMissing));
        emailRef.current?.focus();
        return;
      }
      if (typed.trim().toLowerCase() !== email.toLowerCase()) {
        setEmailError(tm(YOUR_DATA_MESSAGES.confirmEmailWrong));
        emailRef.current?.focus();
        return;
      }
      if (rule === 'withdraw-first') {
        setFailure(tm(withdrawFirstMessage(walletBalancePaise ?? 0)));
        return;
      }
      if (rule === 'give-up' && !givingUp) {
        setFailure(tm(giveUpBalanceMessage(walletBalancePaise ?? 0)));
        return;
      }
      try {
        await deletion.mutateAsync({ confirmEmail: typed, ...(rule === 'give-up' ? { giveUpBalance: givingUp } : {}) });
        deleted.current = true;
        onDeleted();
      } catch (error) {
        const fieldError = error instanceof ApiError ? error.fields['confirmEmail'] : undefined;
        if (fieldError !== undefined) setEmailError(tm(fieldError));
        else setFailure(tm(error instanceof ApiError ? error.message : UNEXPECTED_ERROR_MESSAGE));
      }
    });
  };

  const blocked = rule === 'withdraw-first' || (rule === 'give-up' && !givingUp);

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <div className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-4">
          <span className="grid size-12 place-items-center rounded-2xl bg-red-50 text-red-700 ring-1 ring-red-200">
            <TriangleAlert aria-hidden="true" className="size-6" />
          </span>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <h2 id={titleId} className="mt-4 text-2xl font-extrabold tracking-tight text-balance text-ink-950">
          {t('yourData.dialogTitle')}
        </h2>
        <p id={descriptionId} className="mt-2 leading-7 text-ink-muted">
          {t('yourData.dialogLead')}
        </p>
        <ul className="mt-4 list-disc space-y-2 pl-5 text-[0.9375rem] leading-6 text-ink-800">
          <li>{t('yourData.loggedOutEverywhere')}</li>
          {isCreator ? <li>{t('yourData.pageLeaves', { days: UNLOCK_WINDOW_DAYS })}</li> : null}
          <li>{isCreator ? t('yourData.erasedCreator') : t('yourData.erasedFan')}</li>
          <li>
            {isCreator ? t('yourData.keptCreator') : t('yourData.keptFan')}{' '}
            <Link to="/PrivacyPolicy#after-deletion" className="font-semibold text-ink-950 underline">
              {t('yourData.whatStays')}
            </Link>
          </li>
        </ul>

        {rule === 'withdraw-first' ? (
          <p className="mt-5 rounded-xl bg-marigold-50 px-3.5 py-3 text-sm font-medium text-ink-950 ring-1 ring-marigold-200">
            {t('yourData.withdrawFirst', { balance, minimum })}
          </p>
        ) : null}

        <form onSubmit={onSubmit} noValidate className="mt-5 space-y-5">
          {rule === 'give-up' ? (
            <label htmlFor={giveUpId} className="flex items-start gap-3 text-[0.9375rem] leading-6 text-ink-950">
              <input
                id={giveUpId}
                type="checkbox"
                checked={givingUp}
                onChange={(event) => {
                  setGivingUp(event.target.checked);
                  setFailure(null);
                }}
                className="mt-1 size-5 shrink-0 accent-red-700"
              />
              <span>{t('yourData.giveUp', { balance, minimum })}</span>
            </label>
          ) : null}
          <Field
            id={emailId}
            label={t('yourData.confirmLabel')}
            error={emailError}
            hint={t('yourData.confirmHint', { email })}
          >
            <Input
              ref={emailRef}
              id={emailId}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={cn(fieldDescribedBy(emailId, { error: emailError, hint: true }), failure && failureId)}
              onChange={(event) => {
                setTyped(event.target.value);
                setEmailError(undefined);
                setFailure(null);
              }}
            />
          </Field>
          {failure ? (
            <p
              id={failureId}
              role="alert"
              className="rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
            >
              {failure}
            </p>
          ) : null}
          <Button type="submit" variant="danger" size="lg" className="w-full" aria-disabled={busy || blocked}>
            {busy ? t('yourData.deleting') : t('yourData.deleteHeading')}
          </Button>
        </form>
      </div>
    </Dialog>
  );
}
