import { PayingTo } from './paying-to.tsx';
import {
  formatPaise,
  paiseToRupees,
  translate,
  type Locale,
  UPI_ID_MAX_LENGTH,
  WITHDRAWAL_MESSAGES,
  withdrawalBlocker,
  withdrawInput,
  type VerifyPayoutUpiResponse,
  type Withdrawal,
  type WithdrawInput,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, CircleAlert, Send, ShieldCheck, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig, type PayoutsMode } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { usePayoutAccount } from '../api/get-payout-account.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';
import { useVerifyPayoutUpi } from '../api/verify-payout-upi.ts';
import { OTHER_UPI_NOTE, PAYOUT_PROMISE, reviewReasonText, UNSAVED_UPI_NOTE } from './payout-wording.ts';

/**
 * SPEC §8: 'the message or Failed to submit withdrawal request.'. A 4xx carries the server's
 * readable reason (below the minimum, balance changed, suspended...); a network failure or a 5xx
 * has nothing the creator can act on.
 */
export function withdrawalErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return WITHDRAWAL_MESSAGES.failed;
}

/** A failed UPI check: the server's reason when it gave one (bank unavailable, too many checks). */
function checkErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message;
  return NETWORK_ERROR_MESSAGE;
}

/** The toast's second line: where the money goes and when, by what the server decided. */
export function requestedDescription(withdrawal: Withdrawal, payoutsMode: PayoutsMode, locale: Locale = 'en'): string {
  const amount = formatPaise(withdrawal.amountPaise, locale);
  const payee = withdrawal.payeeName ? `${withdrawal.payeeName} (${withdrawal.upiId})` : withdrawal.upiId;
  if (payoutsMode === 'manual') return translate(locale, 'dashboardWallet.withdraw.manual', { amount, payee });
  if (withdrawal.status === 'REVIEW') {
    const why = withdrawal.reviewReasons.map((reason) => reviewReasonText(reason, locale).toLowerCase()).join(', ');
    return translate(locale, 'dashboardWallet.withdraw.review', { why, amount, payee });
  }
  return translate(locale, 'dashboardWallet.withdraw.onItsWay', { amount, payee });
}

/** Which UPI ID the payout goes to: the saved payout account's, or one typed in the dialog. */
type Route = 'saved' | 'typed';

/**
 * The withdraw modal (SPEC §4, §5, §7): always the whole balance. With a saved payout account it
 * is one confirmation, 'Send ₹… to NAME'; 'Use a different UPI ID' opens a field whose ID is
 * checked with the bank (the holder's name shown) before anything is sent. Without an account it
 * points to saving one, and keeps the spec's plain UPI ID field, which the server checks.
 * Open → 'Processing...' → closes with a toast, or stays open with the reason.
 */
export function WithdrawDialog({
  balancePaise,
  creatorEmail,
  lastUpiId,
  onClose,
  onAddPayoutAccount,
}: {
  balancePaise: number;
  creatorEmail: string;
  /** The UPI ID of the creator's latest withdrawal, if any: the plain field starts with it. */
  lastUpiId: string | null;
  onClose: () => void;
  /** Closes the modal and takes her to the payout account form. */
  onAddPayoutAccount: () => void;
}) {
  const { t, tm, tRich, locale } = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const { payoutsMode } = getPublicConfig();
  const payoutAccount = usePayoutAccount();
  // An account that could not be loaded leaves the plain field, which works without one.
  const account = payoutAccount.data ?? null;
  const [route, setRoute] = useState<Route>('saved');
  const typing = account === null || route === 'typed';
  const withdraw = useRequestWithdrawal();
  const verify = useVerifyPayoutUpi();
  const { run } = useSingleFlight(withdraw.isPending || verify.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  /** The bank's answer for the typed UPI ID (a different one than the saved account's). */
  const [checked, setChecked] = useState<VerifyPayoutUpiResponse | null>(null);
  /** The bank could not be asked, and payouts are paid by hand: the team checks it instead. */
  const [sendUnchecked, setSendUnchecked] = useState(false);
  const addAccountRef = useRef(false);
  // The spec's payload; only the UPI ID is typed. The rest rides along for the contract's checks.
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm<WithdrawInput, unknown, z.output<typeof withdrawInput>>({
    resolver: zodResolver(withdrawInput),
    defaultValues: { creator: creatorEmail, amount: paiseToRupees(balancePaise), upi: lastUpiId ?? '' },
    reValidateMode: 'onSubmit',
  });
  const upiError = errors.upi?.message === undefined ? undefined : tm(errors.upi.message);
  const loading = payoutAccount.isPending;

  useEffect(() => {
    if (!loading && typing) setFocus('upi');
  }, [loading, typing, setFocus]);

  const close = () => dialogRef.current?.close();
  const blocker = withdrawalBlocker(balancePaise);
  const amount = formatPaise(Math.max(0, balancePaise), locale);
  // A typed UPI ID is checked with the bank first when she has a saved account to compare with;
  // without one it is the spec's plain field, checked by the server when she sends.
  const mustCheck = account !== null && route === 'typed' && checked === null && !sendUnchecked;

  const send = async (upiId: string) => {
    try {
      const { withdrawal } = await withdraw.mutateAsync({
        creator: creatorEmail,
        amount: paiseToRupees(balancePaise),
        upi: upiId,
      });
      close();
      toast.success(tm(WITHDRAWAL_MESSAGES.requested), {
        description: requestedDescription(withdrawal, payoutsMode, locale),
      });
    } catch (error) {
      if (typing) setServerFieldErrors(setError, error, { upi: 'upi' });
      setFormError(withdrawalErrorMessage(error));
    }
  };

  const check = async (upiId: string) => {
    if (account === null) return;
    try {
      setChecked(await verify.mutateAsync({ upiId, legalName: account.legalName }));
    } catch (error) {
      if (setServerFieldErrors(setError, error, { upiId: 'upi' })) return;
      // With no provider to ask (payouts by hand), the team checks the UPI ID before paying it.
      if (payoutsMode === 'manual' && error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE') {
        setSendUnchecked(true);
      }
      setFormError(checkErrorMessage(error));
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocker || loading) return;
    void run(async () => {
      setFormError(null);
      if (!typing) {
        await send(account.upiId);
        return;
      }
      if (checked !== null) {
        await send(checked.upiId);
        return;
      }
      // Only the UPI ID can be wrong here; the amount is the balance, which the blocker checks.
      await handleSubmit(
        async ({ upiId }) => {
          await (mustCheck ? check(upiId) : send(upiId));
        },
        (invalid) => {
          if (!invalid.upi) setFormError(invalid.amount?.message ?? WITHDRAWAL_MESSAGES.failed);
        },
      )();
    });
  };

  const submitRef = useRef<HTMLButtonElement>(null);
  const switchRoute = (next: Route) => {
    setRoute(next);
    // A different UPI ID than the saved one: her last withdrawal's, unless that was the saved one.
    if (next === 'typed' && account !== null && lastUpiId === account.upiId) setValue('upi', '');
    // The link she pressed is gone; the confirmation button is what comes next.
    if (next === 'saved') submitRef.current?.focus();
    setChecked(null);
    setSendUnchecked(false);
    setFormError(null);
    clearErrors('upi');
  };

  const busy = withdraw.isPending || verify.isPending;
  const titleId = `${id}-heading`;
  const descriptionId = `${id}-amount`;
  const upiId = `${id}-upi`;
  const blockerId = `${id}-blocker`;
  const payeeName = typing ? checked?.verifiedName : account.verifiedName;

  const submitLabel = (() => {
    if (withdraw.isPending) return tm(WITHDRAWAL_MESSAGES.processing);
    if (verify.isPending) return t('dashboardWallet.withdraw.checking');
    if (mustCheck) return t('dashboardWallet.withdraw.check');
    if (payeeName) return t('dashboardWallet.withdraw.sendTo', { amount, name: payeeName });
    return t('dashboardWallet.withdraw.withdraw', { amount });
  })();

  return (
    <Dialog
      ref={dialogRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      onClose={() => {
        onClose();
        if (addAccountRef.current) onAddPayoutAccount();
      }}
    >
      <form onSubmit={onSubmit} noValidate className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="pt-1.5 text-2xl font-extrabold tracking-tight text-ink-950">
            {tm(WITHDRAWAL_MESSAGES.withdrawToUpi)}
          </h2>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <p id={descriptionId} className="mt-3 rounded-2xl bg-marigold-50 px-4 py-3 leading-7 text-ink-950">
          {tRich('dashboardWallet.withdraw.fullBalance', {
            amount: <strong className="font-extrabold whitespace-nowrap">{amount}</strong>,
          })}
        </p>

        {loading ? (
          <div role="status" className="mt-5">
            <span className="sr-only">{t('dashboardWallet.account.loading')}</span>
            <div aria-hidden="true" className="h-20 rounded-2xl bg-ink-100/70 motion-safe:animate-pulse" />
          </div>
        ) : !typing ? (
          <>
            <Payee name={account.verifiedName} upiId={account.upiId} />
            {account.status === 'review' ? (
              <p className="mt-3 flex items-start gap-2 text-sm leading-6 text-marigold-800">
                <ShieldCheck aria-hidden="true" className="mt-1 size-4 shrink-0" />
                {t('dashboardWallet.withdraw.accountInReview')}
              </p>
            ) : null}
            <p className="mt-3 text-sm leading-6 text-ink-muted">{t(PAYOUT_PROMISE[payoutsMode])}</p>
            <button
              type="button"
              onClick={() => {
                switchRoute('typed');
              }}
              disabled={busy}
              className="mt-3 text-sm font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950 disabled:opacity-60"
            >
              {t('dashboardWallet.withdraw.useDifferent')}
            </button>
          </>
        ) : (
          <>
            {account === null && !payoutAccount.isError ? (
              <div className="mt-5 rounded-2xl bg-ink-50 px-4 py-3 text-sm leading-6 text-ink-800">
                <p className="font-semibold text-ink-950">{t('dashboardWallet.withdraw.saveFirst')}</p>
                <p className="mt-1">{t('dashboardWallet.withdraw.saveFirstBody')}</p>
                <Button
                  variant="outline"
                  size="sm"
                  className="mt-3"
                  disabled={busy}
                  onClick={() => {
                    addAccountRef.current = true;
                    close();
                  }}
                >
                  {t('dashboardWallet.withdraw.addAccount')}
                </Button>
              </div>
            ) : null}
            <div className="mt-5">
              <Field
                id={upiId}
                label={t('dashboardWallet.form.upiId')}
                error={upiError}
                hint={t('dashboardWallet.form.upiIdHint')}
              >
                <Input
                  id={upiId}
                  type="text"
                  inputMode="email"
                  autoComplete="off"
                  autoCapitalize="none"
                  autoCorrect="off"
                  spellCheck={false}
                  placeholder="yourname@okhdfcbank"
                  maxLength={UPI_ID_MAX_LENGTH}
                  aria-invalid={upiError ? true : undefined}
                  aria-describedby={fieldDescribedBy(upiId, { error: upiError, hint: true })}
                  {...register('upi', {
                    onChange: () => {
                      clearErrors('upi');
                      setFormError(null);
                      setChecked(null);
                      setSendUnchecked(false);
                    },
                  })}
                />
              </Field>
            </div>
            {/* Announced when the bank's answer arrives. */}
            <div aria-live="polite">
              {checked ? (
                <Payee
                  name={checked.verifiedName}
                  upiId={checked.upiId}
                  notHers={checked.nameMatches ? null : (account?.legalName ?? null)}
                />
              ) : null}
            </div>
            <p className="mt-4 text-sm leading-6 text-ink-muted">
              {t(account === null ? UNSAVED_UPI_NOTE[payoutsMode] : OTHER_UPI_NOTE[payoutsMode])}
            </p>
            {account !== null ? (
              <button
                type="button"
                onClick={() => {
                  switchRoute('saved');
                }}
                disabled={busy}
                className="mt-3 text-sm font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950 disabled:opacity-60"
              >
                {t('dashboardWallet.withdraw.payInstead', { name: account.verifiedName })}
              </button>
            ) : null}
          </>
        )}

        {formError ? (
          <p
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {tm(formError)}
          </p>
        ) : null}
        {blocker ? (
          <p
            id={blockerId}
            className="mt-5 flex items-start gap-2 text-sm font-medium text-red-700 sm:justify-end sm:text-right"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {tm(blocker)}
          </p>
        ) : null}
        {/* 'Send ₹… to NAME' is wide: it takes the whole row, with Cancel under it. */}
        <div
          className={cn(
            'flex flex-col-reverse gap-3',
            payeeName && !mustCheck ? null : 'sm:flex-row sm:justify-end',
            blocker ? 'mt-3' : 'mt-6',
          )}
        >
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('dashboardWallet.withdraw.cancel')}
          </Button>
          <Button
            ref={submitRef}
            type="submit"
            variant="dark"
            // A long name wraps onto a second line instead of being cut (h-auto wins over the size's h-11).
            className={payeeName && !mustCheck ? 'h-auto min-h-11 w-full py-2.5' : undefined}
            disabled={blocker !== null || loading}
            aria-disabled={busy}
            aria-describedby={blocker ? blockerId : undefined}
          >
            {mustCheck ? (
              <BadgeCheck aria-hidden="true" className="size-4" />
            ) : (
              <Send aria-hidden="true" className="size-4" />
            )}
            <span className="min-w-0 text-center whitespace-normal">{submitLabel}</span>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * 'Paying to MEERA RATHORE — meera@okaxis': the holder's name as the bank gave it, to confirm;
 * with a warning when it is not her legal name (`notHers`), so a typo'd UPI ID stands out.
 */
function Payee({ name, upiId, notHers = null }: { name: string; upiId: string; notHers?: string | null }) {
  const { t } = useT();
  return (
    <div
      className={cn(
        'mt-5 flex items-start gap-3 rounded-2xl px-4 py-3 ring-1',
        notHers === null ? 'bg-emerald-50 ring-emerald-200' : 'bg-marigold-50 ring-marigold-200',
      )}
    >
      {notHers === null ? (
        <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
      ) : (
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-marigold-800" />
      )}
      <div className="min-w-0 leading-6 break-words text-ink-950">
        <p>
          <PayingTo name={name} upiId={upiId} />
        </p>
        {notHers === null ? null : (
          <p className="mt-1 text-sm text-ink-800">
            {t('dashboardWallet.withdraw.notHers', { name, legalName: notHers })}
          </p>
        )}
      </div>
    </div>
  );
}
