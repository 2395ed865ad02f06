import { ADMIN_REASON_MAX_LENGTH, creatorRefundInput, formatPaise, type WalletEntry } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Dialog, DialogActions, DialogForm, DialogHeading, DialogSubmit } from '../../../components/ui/dialog.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRefundSale } from '../api/refund-sale.ts';

export const SALE_REFUNDED_MESSAGE = 'Refund sent';

type Sale = Extract<WalletEntry, { kind: 'sale' }>;

const reasonForm = creatorRefundInput.pick({ reason: true });

/** "₹42.50 will come out of your wallet and the fan gets ₹49 back." */
export function refundSaleText(sale: Pick<Sale, 'pricePaise' | 'feePaise'>): string {
  return `${formatPaise(sale.pricePaise - sale.feePaise)} will come out of your wallet and the fan gets ${formatPaise(sale.pricePaise)} back.`;
}

/**
 * The creator refunds a sale of her own (within 7 days): a reason, and what it costs her. Her
 * wallet pays her share; the platform fee is not hers to give back. The server refuses (409) when
 * her wallet cannot cover it, the 7 days have passed or it was refunded meanwhile, and the dialog
 * shows its words.
 */
export function RefundSaleDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const id = useId();
  const fieldId = `${id}-reason`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const refund = useRefundSale();
  const { busy, run } = useSingleFlight(refund.isPending);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    clearErrors,
    formState: { errors },
  } = useForm<z.input<typeof reasonForm>, unknown, z.output<typeof reasonForm>>({
    resolver: zodResolver(reasonForm),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
  });
  const fieldError = errors.reason?.message;
  const close = () => dialogRef.current?.close();

  const send = async ({ reason }: z.output<typeof reasonForm>) => {
    try {
      await refund.mutateAsync({ orderId: sale.orderId, reason });
      close();
      toast.success(SALE_REFUNDED_MESSAGE, {
        description: `${formatPaise(sale.pricePaise)} goes back to the fan, whose access to “${sale.contentTitle}” has ended.`,
      });
    } catch (failure) {
      if (!setServerFieldErrors(setFieldError, failure, { reason: 'reason' })) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      }
    }
  };

  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <DialogForm run={run} setError={setError} onSubmit={() => handleSubmit(send)()}>
        <DialogHeading
          icon={Undo2}
          titleId={titleId}
          title="Refund this sale?"
          descriptionId={descriptionId}
          description={
            <>
              <p className="font-semibold text-ink-950">{refundSaleText(sale)}</p>
              <p>
                The fan’s access to “{sale.contentTitle}” ends now, and the money goes back the way they paid. This
                cannot be undone.
              </p>
            </>
          }
          onClose={close}
          busy={busy}
        />
        <div className="mt-5">
          <Field
            id={fieldId}
            label="Reason"
            error={fieldError}
            hint="Kept in your wallet’s history; the fan is not shown it."
          >
            <Textarea
              id={fieldId}
              autoFocus
              required
              maxLength={ADMIN_REASON_MAX_LENGTH}
              className="min-h-24"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldDescribedBy(fieldId, { error: fieldError, hint: true })}
              {...register('reason', {
                onChange: () => {
                  clearErrors('reason');
                },
              })}
            />
          </Field>
        </div>
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <DialogActions onCancel={close} cancelLabel="Keep the sale" busy={busy}>
          <DialogSubmit busy={busy} busyLabel="Refunding..." variant="danger">
            {`Refund ${formatPaise(sale.pricePaise)}`}
          </DialogSubmit>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
