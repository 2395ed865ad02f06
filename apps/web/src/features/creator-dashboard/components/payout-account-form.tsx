import {
  LEGAL_NAME_MAX_LENGTH,
  PAYOUT_ACCOUNT_MESSAGES,
  payoutAccountInput,
  UPI_ID_MAX_LENGTH,
  type PayoutAccount,
  type PayoutAccountInput,
  type VerifyPayoutUpiResponse,
} from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, CircleAlert, TriangleAlert } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Field, fieldDescribedBy, Input } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { cn } from '../../../lib/cn.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSavePayoutAccount } from '../api/save-payout-account.ts';
import { useVerifyPayoutUpi } from '../api/verify-payout-upi.ts';
import { PayingTo } from './paying-to.tsx';
import { ACCOUNT_CHANGE_NOTE } from './payout-wording.ts';

export const PAYOUT_ACCOUNT_SAVED_MESSAGE = 'Payout account saved';
export const ACCOUNT_IS_MINE_LABEL = 'Yes, this is my account';
export const UNCHECKED_UPI_NOTE =
  'We could not check this UPI ID with your bank here. You can still save it: Kholo’s team checks it before paying you.';

type Values = PayoutAccountInput;
type Parsed = z.output<typeof payoutAccountInput>;

/** The bank's answer, and the legal name it was compared with. */
interface Checked {
  answer: VerifyPayoutUpiResponse;
  legalName: string;
}

function messageOf(error: unknown): string {
  if (!(error instanceof ApiError)) return UNEXPECTED_ERROR_MESSAGE;
  return error.status === 0 ? NETWORK_ERROR_MESSAGE : error.message;
}

/**
 * Where she is paid (issue 21): UPI ID, legal name and PAN. 'Check UPI ID' asks the bank who holds
 * the UPI ID and shows 'Paying to NAME — upi' to confirm; when that is not her name she must tick
 * 'Yes, this is my account' (the next payout is then reviewed). Save sends the name she was shown,
 * so the server refuses it if the bank's answer changed meanwhile. Changing the UPI ID or the name
 * after a check means checking again.
 */
export function PayoutAccountForm({
  account,
  onSaved,
  onCancel,
}: {
  /** The saved account when she is changing it; null for her first. */
  account: PayoutAccount | null;
  onSaved: () => void;
  /** Shown as a Cancel button when there is something to go back to. */
  onCancel?: (() => void) | undefined;
}) {
  const id = useId();
  const fieldId = (name: keyof Values) => `${id}-${name}`;
  const { payoutsMode } = getPublicConfig();
  const verify = useVerifyPayoutUpi();
  const save = useSavePayoutAccount();
  const { busy, run } = useSingleFlight(verify.isPending || save.isPending);
  const [checked, setChecked] = useState<Checked | null>(null);
  /** No bank to ask (payouts by hand): she may save unchecked, and the team checks it. */
  const [unchecked, setUnchecked] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({
    resolver: zodResolver(payoutAccountInput),
    defaultValues: { upiId: account?.upiId ?? '', legalName: account?.legalName ?? '', pan: '', accountIsMine: false },
    reValidateMode: 'onSubmit',
  });

  const ready = checked !== null || unchecked;
  const mismatch = checked !== null && !checked.answer.nameMatches;

  /** A field's registration: changing it takes its message away; changing who is paid undoes the check. */
  const field = (name: keyof Values, { resetsCheck = false } = {}) =>
    register(name, {
      onChange: () => {
        clearErrors(name);
        setFormError(null);
        if (resetsCheck) {
          setChecked(null);
          setUnchecked(false);
        }
      },
    });

  const check = async ({ upiId, legalName }: Parsed) => {
    try {
      const answer = await verify.mutateAsync({ upiId, legalName });
      setChecked({ answer, legalName });
    } catch (error) {
      if (setServerFieldErrors(setError, error, { upiId: 'upiId', legalName: 'legalName' })) return;
      if (payoutsMode === 'manual' && error instanceof ApiError && error.code === 'SERVICE_UNAVAILABLE') {
        setUnchecked(true);
      }
      setFormError(messageOf(error));
    }
  };

  const store = async ({ upiId, legalName, pan, accountIsMine }: Parsed) => {
    if (mismatch && accountIsMine !== true) {
      setError(
        'accountIsMine',
        { type: 'required', message: PAYOUT_ACCOUNT_MESSAGES.confirmMismatch },
        { shouldFocus: true },
      );
      return;
    }
    const body: PayoutAccountInput = { upiId, legalName, pan };
    if (checked) body.confirmedName = checked.answer.verifiedName;
    if (mismatch) body.accountIsMine = true;
    try {
      const saved = await save.mutateAsync(body);
      toast.success(PAYOUT_ACCOUNT_SAVED_MESSAGE, {
        description: `We pay ${saved.verifiedName} at ${saved.upiId}.${account ? ' We’ve emailed you about the change.' : ''}`,
      });
      onSaved();
    } catch (error) {
      // The bank now names someone else (409): she checks again and sees the new name.
      if (error instanceof ApiError && error.code === 'CONFLICT') setChecked(null);
      const fields: Record<string, keyof Values> = { upiId: 'upiId', legalName: 'legalName', pan: 'pan' };
      // Her tick goes on the box when the box is there; otherwise the message says it.
      if (mismatch) fields.accountIsMine = 'accountIsMine';
      if (!setServerFieldErrors(setError, error, fields)) setFormError(messageOf(error));
    }
  };

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setFormError(null);
      await handleSubmit(ready ? store : check)();
    });
  };

  const upiError = errors.upiId?.message;
  const nameError = errors.legalName?.message;
  const panError = errors.pan?.message;
  const mineError = errors.accountIsMine?.message;
  const label = (() => {
    if (verify.isPending) return 'Checking...';
    if (save.isPending) return 'Saving...';
    return ready ? 'Save payout account' : 'Check UPI ID';
  })();

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {account ? <p className="text-sm leading-6 text-ink-muted">{ACCOUNT_CHANGE_NOTE}</p> : null}
      <Field
        id={fieldId('upiId')}
        label="UPI ID"
        error={upiError}
        hint="The UPI ID you get paid on in GPay, PhonePe, Paytm or your bank’s app."
      >
        <Input
          id={fieldId('upiId')}
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder="yourname@okhdfcbank"
          maxLength={UPI_ID_MAX_LENGTH}
          aria-invalid={upiError ? true : undefined}
          aria-describedby={fieldDescribedBy(fieldId('upiId'), { error: upiError, hint: true })}
          {...field('upiId', { resetsCheck: true })}
        />
      </Field>
      <Field
        id={fieldId('legalName')}
        label="Legal name (as on your PAN card)"
        error={nameError}
        hint="We compare it with the name your bank has for the UPI ID."
      >
        <Input
          id={fieldId('legalName')}
          autoComplete="name"
          autoCapitalize="words"
          maxLength={LEGAL_NAME_MAX_LENGTH}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={fieldDescribedBy(fieldId('legalName'), { error: nameError, hint: true })}
          {...field('legalName', { resetsCheck: true })}
        />
      </Field>
      <Field
        id={fieldId('pan')}
        label="PAN"
        error={panError}
        hint={
          account
            ? `Type your PAN again to save a change; we keep it only masked (${account.panMasked}).`
            : 'Ten characters, as on your PAN card (ABCDE1234F). Indian tax law asks us for it; we only ever show it masked.'
        }
      >
        <Input
          id={fieldId('pan')}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          placeholder="ABCDE1234F"
          maxLength={12}
          className="uppercase placeholder:normal-case"
          aria-invalid={panError ? true : undefined}
          aria-describedby={fieldDescribedBy(fieldId('pan'), { error: panError, hint: true })}
          {...field('pan')}
        />
      </Field>

      {/* Announced when the bank's answer arrives. */}
      <div aria-live="polite">
        {checked ? (
          <div
            className={cn(
              'rounded-2xl px-4 py-3 ring-1',
              mismatch ? 'bg-marigold-50 ring-marigold-200' : 'bg-emerald-50 ring-emerald-200',
            )}
          >
            <p className="flex items-start gap-2.5 leading-6 break-words text-ink-950">
              {mismatch ? (
                <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-marigold-800" />
              ) : (
                <BadgeCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              )}
              <span className="min-w-0">
                <PayingTo name={checked.answer.verifiedName} upiId={checked.answer.upiId} />
              </span>
            </p>
            {mismatch ? (
              <>
                <p className="mt-2 text-sm leading-6 text-ink-800">
                  Your bank names {checked.answer.verifiedName} as this account’s holder, not {checked.legalName}. Check
                  the UPI ID, or if the account is yours, say so:
                </p>
                <div className="mt-3">
                  <label
                    htmlFor={`${id}-accountIsMine`}
                    className="flex cursor-pointer items-start gap-3 text-[0.9375rem] font-semibold text-ink-950"
                  >
                    <input
                      id={`${id}-accountIsMine`}
                      type="checkbox"
                      className="mt-0.5 size-5 shrink-0 accent-ink-950"
                      aria-invalid={mineError ? true : undefined}
                      aria-describedby={`${id}-accountIsMine-${mineError ? 'error' : 'hint'}`}
                      {...field('accountIsMine')}
                    />
                    {ACCOUNT_IS_MINE_LABEL}
                  </label>
                  {/* The server's message says the same as the hint, and what to do. */}
                  {mineError ? (
                    <p id={`${id}-accountIsMine-error`} className="mt-2 pl-8 text-sm font-medium text-red-700">
                      {mineError}
                    </p>
                  ) : (
                    <p id={`${id}-accountIsMine-hint`} className="mt-1 pl-8 text-sm leading-6 text-ink-muted">
                      Your next payout is then checked by us first, within 24 hours.
                    </p>
                  )}
                </div>
              </>
            ) : (
              <p className="mt-1 text-sm leading-6 text-ink-muted">
                The name your bank has for this UPI ID. Not you? Check the UPI ID before you save.
              </p>
            )}
          </div>
        ) : unchecked ? (
          <p className="rounded-2xl bg-ink-50 px-4 py-3 text-sm leading-6 text-ink-800">{UNCHECKED_UPI_NOTE}</p>
        ) : null}
      </div>

      {formError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {formError}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" variant="dark" aria-disabled={busy}>
          {ready ? null : <BadgeCheck aria-hidden="true" className="size-4" />}
          {label}
        </Button>
      </div>
    </form>
  );
}
