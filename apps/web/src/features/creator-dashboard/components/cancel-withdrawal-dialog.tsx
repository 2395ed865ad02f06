import { formatPaise, translate, type Withdrawal } from '@kholo/contracts';
import { CircleAlert, Undo2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCancelWithdrawal } from '../api/cancel-withdrawal.ts';
import { IconTile } from '../../../components/ui/icon-tile.tsx';

export const WITHDRAWAL_CANCELLED_MESSAGE = translate('en', 'dashboardWallet.cancel.done');

/**
 * Asks before taking a withdrawal back, and says what that means: nothing is sent, and the money
 * is back in the wallet to withdraw again. Once it has been sent the server refuses (409), and the
 * dialog says why while the wallet refreshes behind it.
 */
export function CancelWithdrawalDialog({ withdrawal, onClose }: { withdrawal: Withdrawal; onClose: () => void }) {
  const { t, tm, locale } = useT();
  const id = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const cancel = useCancelWithdrawal();
  const { run } = useSingleFlight(cancel.isPending);
  const [error, setError] = useState<string | null>(null);

  // The safe choice has focus first.
  useEffect(() => {
    keepRef.current?.focus();
  }, []);

  const close = () => dialogRef.current?.close();
  const amount = formatPaise(withdrawal.amountPaise, locale);

  const confirm = () =>
    run(async () => {
      setError(null);
      try {
        await cancel.mutateAsync(withdrawal.id);
        close();
        toast.success(t('dashboardWallet.cancel.done'), {
          description: t('dashboardWallet.cancel.doneBody', { amount }),
        });
      } catch (failure) {
        setError(failure instanceof ApiError ? failure.message : UNEXPECTED_ERROR_MESSAGE);
      }
    });

  const busy = cancel.isPending;
  const titleId = `${id}-heading`;
  const descriptionId = `${id}-description`;

  return (
    <Dialog ref={dialogRef} labelledBy={titleId} describedBy={descriptionId} dismissible={!busy} onClose={onClose}>
      <div className="px-5 pt-6 pb-6 sm:px-8 sm:pt-8 sm:pb-8">
        <IconTile icon={Undo2} />
        <h2 id={titleId} className="mt-4 text-2xl font-extrabold tracking-tight text-ink-950">
          {t('dashboardWallet.cancel.title')}
        </h2>
        <p id={descriptionId} className="mt-2 leading-7 break-words text-ink-muted">
          {t('dashboardWallet.cancel.body', { upiId: withdrawal.upiId, amount })}
        </p>
        {error ? (
          <p
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {tm(error)}
          </p>
        ) : null}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={keepRef} variant="outline" onClick={close} disabled={busy}>
            {t('dashboardWallet.cancel.keep')}
          </Button>
          <Button
            variant="danger"
            aria-disabled={busy}
            onClick={() => {
              void confirm();
            }}
          >
            {t(busy ? 'dashboardWallet.cancel.cancelling' : 'dashboardWallet.cancel.confirm')}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
