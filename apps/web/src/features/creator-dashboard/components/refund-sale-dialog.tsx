import {
  ADMIN_REASON_MAX_LENGTH,
  creatorRefundInput,
  formatPaise,
  translate,
  type Locale,
  type WalletEntry,
} from '@kholo/contracts';
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
import { useT } from '../../../lib/i18n/index.ts';
import { setServerFieldErrors } from '../../../lib/server-field-errors.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useRefundSale } from '../api/refund-sale.ts';

export const SALE_REFUNDED_MESSAGE = translate('en', 'dashboardWallet.refundSale.done');

type Sale = Extract<WalletEntry, { kind: 'sale' }>;

const reasonForm = creatorRefundInput.pick({ reason: true });

/** "₹42.50 will come out of your wallet and the fan gets ₹49 back." */
export function refundSaleText(sale: Pick<Sale, 'pricePaise' | 'feePaise'>, locale: Locale = 'en'): string {
  return translate(locale, 'dashboardWallet.refundSale.cost', {
    share: formatPaise(sale.pricePaise - sale.feePaise, locale),
    price: formatPaise(sale.pricePaise, locale),
  });
}

/**
 * The creator refunds a sale of her own (within 7 days): a reason, and what it costs her. Her
 * wallet pays her share; the platform fee is not hers to give back. The server refuses (409) when
 * her wallet cannot cover it, the 7 days have passed or it was refunded meanwhile, and the dialog
 * shows its words.
 */
export function RefundSaleDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const { t, tm, locale } = useT();
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
  const fieldError = errors.reason?.message === undefined ? undefined : tm(errors.reason.message);
  const price = formatPaise(sale.pricePaise, locale);
  const close = () => dialogRef.current?.close();

  const send = async ({ reason }: z.output<typeof reasonForm>) => {
    try {
      await refund.mutateAsync({ orderId: sale.orderId, reason });
      close();
      toast.success(t('dashboardWallet.refundSale.done'), {
        description: t('dashboardWallet.refundSale.doneBody', { price, title: sale.contentTitle }),
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
          title={t('dashboardWallet.refundSale.title')}
          descriptionId={descriptionId}
          description={
            <>
              <p className="font-semibold text-ink-950">{refundSaleText(sale, locale)}</p>
              <p>{t('dashboardWallet.refundSale.body', { title: sale.contentTitle })}</p>
            </>
          }
          onClose={close}
          busy={busy}
        />
        <div className="mt-5">
          <Field
            id={fieldId}
            label={t('dashboardWallet.refundSale.reason')}
            error={fieldError}
            hint={t('dashboardWallet.refundSale.reasonHint')}
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
        {error ? <ErrorAlert>{tm(error)}</ErrorAlert> : null}
        <DialogActions onCancel={close} cancelLabel={t('dashboardWallet.refundSale.keep')} busy={busy}>
          <DialogSubmit busy={busy} busyLabel={t('dashboardWallet.refundSale.refunding')} variant="danger">
            {t('dashboardWallet.refundSale.refund', { price })}
          </DialogSubmit>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
