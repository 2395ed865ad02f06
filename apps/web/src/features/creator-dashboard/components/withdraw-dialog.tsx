import {
  formatPaise,
  paiseToRupees,
  UPI_ID_MAX_LENGTH,
  WITHDRAWAL_MESSAGES,
  withdrawalBlocker,
  withdrawInput,
  type WithdrawInput,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRequestWithdrawal } from '../api/request-withdrawal.ts';

/**
 * SPEC §8: 'the message or Failed to submit withdrawal request.'. A 4xx carries the server's
 * readable reason (below the minimum, balance changed, suspended...); a network failure or a 5xx
 * has nothing the creator can act on.
 */
export function withdrawalErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return WITHDRAWAL_MESSAGES.failed;
}

/**
 * The withdraw modal (SPEC §4, §5, §7): always the whole balance, to a UPI ID the creator types
 * (prefilled with the one they used last). Open → 'Processing...' → closes with a toast, or
 * stays open with the reason and the typed UPI ID kept.
 */
export function WithdrawDialog({
  balancePaise,
  creatorEmail,
  lastUpiId,
  onClose,
}: {
  balancePaise: number;
  creatorEmail: string;
  /** The UPI ID of the creator's latest withdrawal, if any. */
  lastUpiId: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const withdraw = useRequestWithdrawal();
  const { run } = useSingleFlight(withdraw.isPending);
  const [formError, setFormError] = useState<string | null>(null);
  // The spec's payload; only the UPI ID is typed. The rest rides along for the contract's checks.
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    clearErrors,
    formState: { errors },
  } = useForm<WithdrawInput, unknown, z.output<typeof withdrawInput>>({
    resolver: zodResolver(withdrawInput),
    defaultValues: { creator: creatorEmail, amount: paiseToRupees(balancePaise), upi: lastUpiId ?? '' },
    reValidateMode: 'onSubmit',
  });
  const upiError = errors.upi?.message;

  useEffect(() => {
    setFocus('upi');
  }, [setFocus]);

  const close = () => dialogRef.current?.close();
  const blocker = withdrawalBlocker(balancePaise);
  const amount = formatPaise(Math.max(0, balancePaise));

  const send = async ({ upiId }: z.output<typeof withdrawInput>) => {
    try {
      await withdraw.mutateAsync({ creator: creatorEmail, amount: paiseToRupees(balancePaise), upi: upiId });
      close();
      toast.success(WITHDRAWAL_MESSAGES.requested, {
        description: `Kholo will send ${amount} to ${upiId} and email you when it is paid.`,
      });
    } catch (error) {
      setServerFieldErrors(setError, error, { upi: 'upi' });
      setFormError(withdrawalErrorMessage(error));
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (blocker) return;
    void run(async () => {
      setFormError(null);
      // Only the UPI ID can be wrong here; the amount is the balance, which the blocker checks.
      await handleSubmit(send, (invalid) => {
        if (!invalid.upi) setFormError(invalid.amount?.message ?? WITHDRAWAL_MESSAGES.failed);
      })();
    });
  };

  const busy = withdraw.isPending;
  const titleId = `${id}-heading`;
  const descriptionId = `${id}-amount`;
  const upiId = `${id}-upi`;
  const blockerId = `${id}-blocker`;

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-start justify-between gap-4">
          <h2 id={titleId} className="pt-1.5 text-2xl font-extrabold tracking-tight text-ink-950">
            {WITHDRAWAL_MESSAGES.withdrawToUpi}
          </h2>
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <p id={descriptionId} className="mt-3 rounded-2xl bg-marigold-50 px-4 py-3 leading-7 text-ink-950">
          You will withdraw your full balance of <strong className="font-extrabold whitespace-nowrap">{amount}</strong>
        </p>
        <div className="mt-5">
          <Field
            id={upiId}
            label="UPI ID"
            error={upiError}
            hint="The UPI ID you get paid on in GPay, PhonePe, Paytm or your bank’s app."
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
                },
              })}
            />
          </Field>
        </div>
        <p className="mt-4 text-sm leading-6 text-ink-muted">
          Kholo’s team pays it to this UPI ID and emails you when it is done. If it cannot be paid, the money comes back
          to your wallet.
        </p>
        {formError ? (
          <p
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {formError}
          </p>
        ) : null}
        {blocker ? (
          <p
            id={blockerId}
            className="mt-5 flex items-start gap-2 text-sm font-medium text-red-700 sm:justify-end sm:text-right"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {blocker}
          </p>
        ) : null}
        <div className={cn('flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', blocker ? 'mt-3' : 'mt-6')}>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="dark"
            disabled={blocker !== null}
            aria-disabled={busy}
            aria-describedby={blocker ? blockerId : undefined}
          >
            <Send aria-hidden="true" className="size-4" />
            {busy ? WITHDRAWAL_MESSAGES.processing : `Withdraw ${amount}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
