import {
  LEGAL_NAME_MAX_LENGTH,
  PAYOUT_ACCOUNT_MESSAGES,
  payoutAccountInput,
  translate,
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
import { useT } from '../../../lib/i18n/index.ts';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useSavePayoutAccount } from '../api/save-payout-account.ts';
import { useVerifyPayoutUpi } from '../api/verify-payout-upi.ts';
import { PayingTo } from './paying-to.tsx';

export const PAYOUT_ACCOUNT_SAVED_MESSAGE = translate('en', 'dashboardWallet.form.saved');
export const ACCOUNT_IS_MINE_LABEL = translate('en', 'dashboardWallet.form.isMine');
export const UNCHECKED_UPI_NOTE = translate('en', 'dashboardWallet.form.unchecked');

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
  const { t, tm } = useT();
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
      toast.success(t('dashboardWallet.form.saved'), {
        description: t(account ? 'dashboardWallet.form.savedChangeBody' : 'dashboardWallet.form.savedBody', {
          name: saved.verifiedName,
          upiId: saved.upiId,
        }),
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

  const said = (message: string | undefined) => (message === undefined ? undefined : tm(message));
  const upiError = said(errors.upiId?.message);
  const nameError = said(errors.legalName?.message);
  const panError = said(errors.pan?.message);
  const mineError = said(errors.accountIsMine?.message);
  const label = (() => {
    if (verify.isPending) return t('dashboardWallet.form.checking');
    if (save.isPending) return t('dashboardWallet.form.saving');
    return t(ready ? 'dashboardWallet.form.save' : 'dashboardWallet.form.check');
  })();

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {account ? <p className="text-sm leading-6 text-ink-muted">{t('dashboardWallet.accountChangeNote')}</p> : null}
      <Field
        id={fieldId('upiId')}
        label={t('dashboardWallet.form.upiId')}
        error={upiError}
        hint={t('dashboardWallet.form.upiIdHint')}
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
        label={t('dashboardWallet.form.legalName')}
        error={nameError}
        hint={t('dashboardWallet.form.legalNameHint')}
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
        label={t('dashboardWallet.form.pan')}
        error={panError}
        hint={
          account
            ? t('dashboardWallet.form.panAgainHint', { masked: account.panMasked })
            : t('dashboardWallet.form.panHint')
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
                  {t('dashboardWallet.form.mismatch', {
                    bankName: checked.answer.verifiedName,
                    legalName: checked.legalName,
                  })}
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
                    {t('dashboardWallet.form.isMine')}
                  </label>
                  {/* The server's message says the same as the hint, and what to do. */}
                  {mineError ? (
                    <p id={`${id}-accountIsMine-error`} className="mt-2 pl-8 text-sm font-medium text-red-700">
                      {mineError}
                    </p>
                  ) : (
                    <p id={`${id}-accountIsMine-hint`} className="mt-1 pl-8 text-sm leading-6 text-ink-muted">
                      {t('dashboardWallet.form.mineHint')}
                    </p>
                  )}
                </div>
              </>
            ) : (
              <p className="mt-1 text-sm leading-6 text-ink-muted">{t('dashboardWallet.form.nameCheck')}</p>
            )}
          </div>
        ) : unchecked ? (
          <p className="rounded-2xl bg-ink-50 px-4 py-3 text-sm leading-6 text-ink-800">
            {t('dashboardWallet.form.unchecked')}
          </p>
        ) : null}
      </div>

      {formError ? (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {tm(formError)}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onCancel ? (
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {t('dashboardWallet.form.cancel')}
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
