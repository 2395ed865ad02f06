import { ADMIN_REASON_MAX_LENGTH, creatorRefundInput, formatPaise, type WalletEntry } from '@kholo/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, Undo2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { Field, fieldDescribedBy, Textarea } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRefundSale } from '../api/refund-sale.ts';
import { IconTile } from '../../../components/ui/icon-tile.tsx';

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
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => {
            setError(null);
            await handleSubmit(send)();
          });
        }}
        className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8"
      >
        <div className="flex items-start justify-between gap-3">
          <IconTile icon={Undo2} />
          <DialogCloseButton onClick={close} disabled={busy} />
        </div>
        <h2 id={titleId} className="mt-3 text-2xl font-extrabold tracking-tight break-words text-ink-950">
          Refund this sale?
        </h2>
        <div id={descriptionId} className="mt-2 space-y-2 leading-7 break-words text-ink-muted">
          <p className="font-semibold text-ink-950">{refundSaleText(sale)}</p>
          <p>
            The fan’s access to “{sale.contentTitle}” ends now, and the money goes back the way they paid. This cannot
            be undone.
          </p>
        </div>
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
        {error ? (
          <p
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium break-words text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Keep the sale
          </Button>
          <Button type="submit" variant="danger" aria-disabled={busy}>
            {busy ? 'Refunding...' : `Refund ${formatPaise(sale.pricePaise)}`}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
