import {
  formatPaise,
  paiseToRupees,
  PAYMENT_MESSAGES,
  payButtonLabel,
  UNLOCK_WINDOW_DAYS,
  type CreateOrderInput,
} from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CreditCard, Landmark, LockKeyhole, ShieldCheck, Smartphone } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import type { LazyDialogProps } from '../../../lib/lazy-dialog.tsx';
import { getPublicConfig } from '../../../lib/public-config.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useMe } from '../../accounts/index.ts';
import { contentQueryKey, getContent, creatorPageQueryRoot, refreshAccess } from '../../catalog/index.ts';
import { usePay } from '../hooks/use-pay.ts';
import type { OpenUnlockDialogOptions, UnlockTarget } from '../hooks/use-unlock-dialog.ts';

/** `onClose` runs once the dialog has closed, however it was closed. */
export type UnlockDialogProps = LazyDialogProps<OpenUnlockDialogOptions>;

/** The one payment method card (SPEC §2): the provider's page offers all three. */
const METHODS = [
  { label: 'UPI', Icon: Smartphone },
  { label: 'Cards', Icon: CreditCard },
  { label: 'Net banking', Icon: Landmark },
] as const;

/** The spec's order payload (SPEC §3), with the price in rupees as the fan was shown it. */
function orderInput(target: UnlockTarget, viewerEmail: string | undefined): CreateOrderInput {
  return {
    contentId: target.id,
    amount: paiseToRupees(target.pricePaise),
    creatorId: target.creatorId,
    notes: {
      contentId: target.id,
      contentTitle: target.title,
      ...(viewerEmail ? { viewerEmail } : {}),
    },
  };
}

/**
 * 'Unlock Premium Content' (SPEC §2): the item, its creator and price, the one payment method,
 * Cancel and 'Pay ₹…', which reads 'Processing...' from the order request until the browser
 * leaves for the checkout. Open it through `useUnlockDialog()`, never directly.
 */
export function UnlockDialog({ options, onClose }: UnlockDialogProps) {
  const { target: shownTarget, onSessionEnded } = options;
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  // What to do once the dialog has closed (a toast, the login dialog).
  const afterClose = useRef<(() => void) | null>(null);

  const [target, setTarget] = useState(shownTarget);
  const [error, setError] = useState<string | null>(null);

  const queryClient = useQueryClient();
  const me = useMe();
  const accountId = me.data?.account?.id ?? null;
  const testMode = getPublicConfig().checkoutMode === 'simulator';
  const price = formatPaise(target.pricePaise);

  useEffect(() => {
    payRef.current?.focus();
  }, []);

  const close = (then?: () => void) => {
    afterClose.current = then ?? null;
    dialogRef.current?.close();
  };

  /** PRICE_CHANGED: read the item again so the dialog shows, and the next order sends, the new price. */
  const refreshPrice = async () => {
    void queryClient.invalidateQueries({ queryKey: creatorPageQueryRoot });
    try {
      const detail = await queryClient.query({
        queryKey: contentQueryKey(target.id, accountId),
        queryFn: ({ signal }) => getContent(target.id, signal),
        staleTime: 0,
      });
      setTarget((current) => ({ ...current, title: detail.item.title, pricePaise: detail.item.pricePaise }));
    } catch {
      // The server's message already names the new price; the page shows it when it reloads.
    }
  };

  const showOrderError = async (failure: unknown) => {
    const apiError = failure instanceof ApiError ? failure : new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 0);
    switch (apiError.code) {
      case 'UNAUTHENTICATED':
        close(onSessionEnded);
        return;
      case 'ALREADY_UNLOCKED':
        // The message says until when; the cards and the content page turn to Unlocked.
        void refreshAccess(queryClient);
        close(() => toast.success(apiError.message));
        return;
      case 'PRICE_CHANGED':
        setError(apiError.message);
        await refreshPrice();
        return;
      case 'NOT_FOUND':
        // Deleted since the page loaded: let the page catch up.
        setError(apiError.message);
        void refreshAccess(queryClient);
        return;
      default:
        // The provider is down (502), we are (503), or the network is: the message says to retry.
        setError(apiError.message);
    }
  };

  const pay = usePay({
    // SPEC §8 resets the button after a checkout error; we also say what happened.
    onSuccess: (outcome) => {
      if (outcome === 'failed') setError(PAYMENT_MESSAGES.checkoutRetryHint);
    },
    // Awaited before the mutation settles: the button stays busy while a changed price is read.
    onError: showOrderError,
  });
  // On the way to the checkout the button keeps saying 'Processing...' until the page unloads.
  const { busy, run } = useSingleFlight(pay.isPending || pay.data === 'leaving');

  // Back from the checkout with the back button, the browser may restore this page from its
  // cache exactly as it was left: busy. Let the fan pay again.
  const { reset: resetPay } = pay;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) resetPay();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [resetPay]);

  const onPay = () =>
    run(async () => {
      setError(null);
      // A refusal has been shown by onError by the time this rejects.
      await pay.mutateAsync(orderInput(target, me.data?.account?.email)).catch(() => undefined);
    });

  return (
    <Dialog
      ref={dialogRef}
      labelledBy={titleId}
      describedBy={descriptionId}
      dismissible={!busy}
      onClose={() => {
        onClose();
        afterClose.current?.();
      }}
    >
      <div className="px-5 pt-5 pb-6 sm:px-8 sm:pt-7 sm:pb-8">
        <div className="flex items-center justify-between gap-4">
          <p className="inline-flex items-center gap-2 text-sm font-bold text-ink-800">
            <span className="grid size-8 place-items-center rounded-xl bg-marigold-100 text-marigold-800">
              <LockKeyhole aria-hidden="true" className="size-4" />
            </span>
            Secure checkout
          </p>
          <DialogCloseButton
            onClick={() => {
              close();
            }}
            disabled={busy}
          />
        </div>
        <h2
          id={titleId}
          className="mt-3 text-xl font-extrabold tracking-tight text-balance text-ink-950 sm:mt-4 sm:text-2xl"
        >
          {PAYMENT_MESSAGES.dialogTitle}
        </h2>
        <p id={descriptionId} className="mt-1.5 leading-7 text-ink-muted sm:mt-2">
          Pay once to watch and download it for {UNLOCK_WINDOW_DAYS} days.
        </p>

        <div className="mt-5 rounded-2xl bg-sand p-4 ring-1 ring-ink-950/5">
          <p className="line-clamp-2 leading-6 font-bold break-words text-ink-950">{target.title}</p>
          <p className="mt-0.5 truncate text-sm text-ink-muted">
            by <span className="font-semibold text-ink-800">{target.creatorName}</span>
          </p>
          <p className="mt-3 flex items-baseline justify-between gap-4 border-t border-ink-950/8 pt-3">
            <span className="text-sm text-ink-muted">Price</span>
            <span className="text-2xl font-extrabold tracking-tight text-ink-950">{price}</span>
          </p>
        </div>

        <h3 className="mt-5 text-sm font-bold text-ink-950">Payment method</h3>
        <div className="mt-2 rounded-2xl bg-white p-3.5 ring-2 ring-ink-950">
          <p className="flex items-start justify-between gap-3">
            <span className="leading-6 font-bold text-ink-950">UPI, cards and net banking</span>
            <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
          </p>
          <ul aria-label="Ways to pay" className="mt-2 flex flex-wrap gap-1">
            {METHODS.map(({ label, Icon }) => (
              <li
                key={label}
                className="inline-flex items-center gap-1 rounded-full bg-ink-50 px-2 py-1 text-xs font-semibold text-ink-800"
              >
                <Icon aria-hidden="true" className="size-3.5" />
                {label}
              </li>
            ))}
          </ul>
        </div>

        {error ? (
          <p
            role="alert"
            className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {error}
          </p>
        ) : null}

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            size="lg"
            onClick={() => {
              close();
            }}
            disabled={busy}
          >
            Cancel
          </Button>
          {/* aria-disabled keeps keyboard focus on the button while it works; `run` refuses a second order. */}
          <Button
            ref={payRef}
            size="lg"
            aria-disabled={busy}
            className="sm:min-w-44"
            onClick={() => {
              void onPay();
            }}
          >
            {busy ? (
              <>
                <span
                  aria-hidden="true"
                  className="size-4 rounded-full border-2 border-ink-950/30 border-t-ink-950 motion-safe:animate-spin"
                />
                {PAYMENT_MESSAGES.processing}
              </>
            ) : (
              payButtonLabel(price)
            )}
          </Button>
        </div>

        <div className="mt-5 space-y-1 text-center text-xs leading-5 text-ink-muted">
          <p className="flex items-center justify-center gap-1.5">
            <ShieldCheck aria-hidden="true" className="size-3.5 shrink-0" />
            Secure payment · Access for {UNLOCK_WINDOW_DAYS} days
          </p>
          {testMode ? <p>Test mode: no real money is charged.</p> : null}
        </div>
      </div>
    </Dialog>
  );
}
