import {
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_REFERENCE_MAX_LENGTH,
  formatPaise,
  type AdminWithdrawal,
} from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Field, Input } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { adminQueryKeys } from '../api/admin-query-keys.ts';
import { useMarkWithdrawalPaid } from '../api/mark-withdrawal-paid.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { ActionDialog } from './admin-dialogs.tsx';
import { adminErrorMessage } from './admin-query-view.tsx';

/**
 * SPEC §4 admin withdrawal: 'Mark as Paid' → 'Updating...' → the list reloads. The admin sends the
 * money first (outside Kholo) and may note the bank or UPI reference. A failure is an alert
 * 'Failed to mark as paid: …' (SPEC §8) and the button resets.
 */
export function MarkPaidDialog({ withdrawal, onClose }: { withdrawal: AdminWithdrawal; onClose: () => void }) {
  const { t, tm, tRich, locale } = useT();
  const id = useId();
  const fieldId = `${id}-reference`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const markPaid = useMarkWithdrawalPaid();
  const { busy, run } = useSingleFlight(markPaid.isPending);
  // Optional and free text: the server's schema has nothing to say that the field's maxLength doesn't.
  const { register, getValues } = useForm({ defaultValues: { reference: '' } });

  const confirm = async () => {
    const trimmed = getValues('reference').trim();
    try {
      await markPaid.mutateAsync(trimmed ? { id: withdrawal.id, reference: trimmed } : { id: withdrawal.id });
      dialogRef.current?.close();
    } catch (failure) {
      // Someone (another tab, another admin) resolved it first: show the list as it is now.
      if (failure instanceof ApiError && failure.code === 'CONFLICT') {
        void queryClient.invalidateQueries({ queryKey: adminQueryKeys.all });
      }
      window.alert(t('adminWithdrawals.markPaidFailed', { reason: tm(adminErrorMessage(failure)) }));
    }
  };

  return (
    <ActionDialog
      dialogRef={dialogRef}
      title={tm(WITHDRAWAL_MESSAGES.markAsPaid)}
      description={
        <>
          <p>
            {tRich('adminWithdrawals.markPaidSend', {
              amount: <strong className="text-ink-950">{formatPaise(withdrawal.amountPaise, locale)}</strong>,
              upi: <strong className="break-all text-ink-950">{withdrawal.upiId}</strong>,
              name: withdrawal.creatorName,
              handle: withdrawal.creatorHandle,
            })}
          </p>
          <p className="mt-2">{t('adminWithdrawals.markPaidEffect')}</p>
        </>
      }
      confirmLabel={tm(WITHDRAWAL_MESSAGES.markAsPaid)}
      busyLabel={tm(WITHDRAWAL_MESSAGES.updating)}
      busy={busy}
      run={run}
      error={null}
      onSubmit={confirm}
      onClose={onClose}
    >
      <div className="mt-5">
        <Field id={fieldId} label={t('adminWithdrawals.reference')} hint={t('adminWithdrawals.referenceHint')}>
          <Input
            id={fieldId}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            maxLength={WITHDRAWAL_REFERENCE_MAX_LENGTH}
            aria-describedby={`${fieldId}-hint`}
            {...register('reference')}
          />
        </Field>
      </div>
    </ActionDialog>
  );
}
