import {
  formatPaise,
  PAYMENT_CANCELLED_MESSAGE,
  PAYMENT_MESSAGES,
  type CreateOrderResponse,
  type PaymentFailure,
  UPI_ATTEMPT_MINUTES,
  type UpiChannel,
  type VerifyPaymentResponse,
} from '@kholo/contracts';
import { ChevronRight, CircleAlert, CreditCard, Info, RotateCw, Smartphone } from 'lucide-react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonSpinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { formatCountdown, useCountdown } from '../../../lib/use-countdown.ts';
import { openCheckout } from '../checkout.ts';
import { useOrderWatch } from '../hooks/use-order-watch.ts';
import { startUpiAttempt, type UpiAttempt } from '../hooks/use-pay.ts';
import {
  CARDS_AND_NET_BANKING,
  LINKS_EXPIRED,
  PAYMENT_DECLINED_MESSAGE,
  PAYMENT_EXPIRED_MESSAGE,
  PAYMENT_REFUNDED_MESSAGE,
  QR_EXPIRED,
  WAITING_FOR_PAYMENT,
} from '../payment-wording.ts';

export interface PayStepProps {
  order: CreateOrderResponse;
  /** The attempt asked for with the order (use-pay.ts). */
  firstAttempt: UpiAttempt;
  /** `link` on a phone: her UPI apps; `qrcode` elsewhere: a QR to scan. */
  channel: UpiChannel;
  /** A visitor's address, shown back to her; null for a signed-in fan. */
  email: string | null;
  /** The server says the order is PAID. */
  onPaid: (answer: VerifyPaymentResponse) => void;
  /** The order expired: back to the first step for a new one. */
  onStartAgain: () => void;
  /** A visitor wants another address: back to the first step. */
  onChangeEmail: () => void;
}

/** Why the order holds no purchase, as far as this step is concerned. */
type Outcome = PaymentFailure | 'expired';

/**
 * What the server's latest answer means here. After she tries again the order stays FAILED (an
 * order only moves forward), so a FAILED told before her new attempt began (`triedSince`, the
 * server's time) is the earlier attempt's and no longer stops the step; one told after it is the
 * new attempt's. Money that could not buy the item always does.
 */
function outcomeOf(answer: VerifyPaymentResponse | undefined, triedSince: number | null): Outcome | null {
  if (answer?.status === 'EXPIRED') return 'expired';
  if (answer?.status !== 'FAILED') return null;
  if (answer.failure === 'refunded') return 'refunded';
  if (triedSince !== null && (answer.failedAt ?? 0) < triedSince) return null;
  return answer.failure ?? 'declined';
}

/** When the server began an attempt (its own clock): its expiry less the attempt's life. */
function startedAt(attempt: UpiAttempt): number | null {
  return attempt.kind === 'ready' ? attempt.payment.expiresAt - UPI_ATTEMPT_MINUTES * 60_000 : null;
}

const OUTCOME_WORDS: Record<Outcome, string> = {
  cancelled: PAYMENT_CANCELLED_MESSAGE,
  declined: PAYMENT_DECLINED_MESSAGE,
  refunded: PAYMENT_REFUNDED_MESSAGE,
  expired: PAYMENT_EXPIRED_MESSAGE,
};

/**
 * The dialog's payment step (issue 23): UPI first, then cards and net banking one tap away on
 * the hosted checkout. It asks the server every 3 s, and on return to the page, until the order
 * is paid, and says so by itself; a cancelled or declined attempt can be tried again on the same
 * order.
 */
export function PayStep({ order, firstAttempt, channel, email, onPaid, onStartAgain, onChangeEmail }: PayStepProps) {
  const { t, tm, locale } = useT();
  const id = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [attempt, setAttempt] = useState<UpiAttempt>(firstAttempt);
  const [asking, setAsking] = useState(false);
  // Set when she tries again: the server's time her new attempt began (or "now" if it failed to start).
  const [triedSince, setTriedSince] = useState<number | null>(null);
  const [cards, setCards] = useState<'idle' | 'opening' | 'failed'>('idle');
  const latestAsk = useRef(0);

  // The answer decides: the watch stops at PAID or an outcome, and starts again on a new try.
  const { data: answer } = useOrderWatch(
    order.order_id,
    (latest) => latest.status === 'PAID' || outcomeOf(latest, triedSince) !== null,
  );
  const outcome = outcomeOf(answer, triedSince);

  const showUntil = attempt.kind === 'ready' ? attempt.showUntil : null;
  const timeLeft = useCountdown(showUntil);
  const attemptExpired = showUntil !== null && timeLeft === 0;
  const price = formatPaise(order.amountPaise, locale);

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const paid = useEffectEvent(onPaid);
  useEffect(() => {
    if (answer?.status === 'PAID') paid(answer);
  }, [answer]);

  // Back from the hosted checkout with the back button, the browser may restore this page as it
  // was left: opening. Let her choose again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setCards('idle');
    };
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pageshow', onPageShow);
    };
  }, []);

  /** A new attempt (Try again, New QR): earlier failures stop counting from when it began. */
  const askAgain = async () => {
    if (asking) return;
    const mine = ++latestAsk.current;
    setAsking(true);
    // Until the server says when the new attempt began, no failure is taken for its own.
    setTriedSince(Number.MAX_SAFE_INTEGER);
    const next = await startUpiAttempt(order.order_id, channel);
    if (mine !== latestAsk.current) return;
    setAttempt(next);
    setTriedSince(startedAt(next) ?? Number.MAX_SAFE_INTEGER);
    setAsking(false);
  };

  const tryAgain = () => {
    void askAgain();
  };

  const openCards = async () => {
    if (cards === 'opening') return;
    setCards('opening');
    setCards((await openCheckout(order)) === 'failed' ? 'failed' : 'opening');
  };

  return (
    <div>
      {email ? (
        <div className="relative mt-4 rounded-2xl bg-ink-50/70 px-4 py-3 ring-1 ring-ink-950/8">
          <p className="text-sm leading-6 text-ink-muted">
            <span className="pr-16">{t('payments.codeGoesTo')}</span>{' '}
            <strong className="block font-semibold [overflow-wrap:anywhere] text-ink-950">{email}</strong>
          </p>
          <button
            type="button"
            onClick={onChangeEmail}
            className="absolute top-2.5 right-3 rounded px-1 py-0.5 text-sm font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
          >
            {t('payments.change')}
          </button>
        </div>
      ) : null}

      <section aria-labelledby={`${id}-heading`} className="mt-5">
        <h3 ref={headingRef} id={`${id}-heading`} tabIndex={-1} className="text-sm font-bold text-ink-950 outline-none">
          {t(channel === 'link' ? 'payments.payWithUpiApp' : 'payments.payWithUpi')}
        </h3>

        {outcome !== null ? (
          <OutcomePanel outcome={outcome} onTryAgain={tryAgain} onStartAgain={onStartAgain} />
        ) : asking ? (
          <p role="status" className="mt-3 flex items-center gap-2 py-6 text-sm font-semibold text-ink-muted">
            <ButtonSpinner />
            {t(channel === 'link' ? 'payments.gettingApps' : 'payments.gettingQr')}
          </p>
        ) : attempt.kind === 'failed' ? (
          <div className="mt-3 space-y-3">
            <p
              role="alert"
              className="flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
            >
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {tm(attempt.message)}
            </p>
            <Button variant="dark" className="w-full" onClick={() => void askAgain()}>
              <RotateCw aria-hidden="true" className="size-4" />
              {t('payments.tryUpiAgain')}
            </Button>
          </div>
        ) : channel === 'link' ? (
          attemptExpired ? (
            <Expired text={tm(LINKS_EXPIRED)} action={t('payments.newLinks')} onRenew={() => void askAgain()} />
          ) : (
            <UpiApps apps={attempt.payment.apps} />
          )
        ) : attempt.payment.qrImage ? (
          <UpiQr
            image={attempt.payment.qrImage}
            price={price}
            timeLeft={timeLeft}
            expired={attemptExpired}
            onRenew={() => void askAgain()}
          />
        ) : null}
      </section>

      <div className="mt-4">
        <p className="mb-2 text-center text-xs font-semibold tracking-wide text-ink-muted uppercase">
          {t('payments.or')}
        </p>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          aria-disabled={cards === 'opening' || undefined}
          onClick={() => void openCards()}
        >
          {cards === 'opening' ? <ButtonSpinner /> : <CreditCard aria-hidden="true" className="size-5" />}
          {cards === 'opening' ? t('payments.opening') : tm(CARDS_AND_NET_BANKING)}
        </Button>
        {cards === 'failed' ? (
          <p role="alert" className="mt-2 text-center text-sm font-medium text-red-700">
            {tm(PAYMENT_MESSAGES.checkoutRetryHint)}
          </p>
        ) : null}
      </div>

      <p role="status" className="mt-4 text-center text-sm text-ink-muted">
        {outcome === null ? tm(WAITING_FOR_PAYMENT) : null}
      </p>
    </div>
  );
}

/** Her UPI apps, in the server's order, each a big row that opens the app to pay. */
function UpiApps({ apps }: { apps: readonly { app: string; label: string; href: string }[] }) {
  const { t } = useT();
  return (
    <ul aria-label={t('payments.upiApps')} className="mt-3 space-y-2">
      {apps.map(({ app, label, href }) => (
        <li key={app}>
          <a
            href={href}
            // A web page standing in for the app (the test simulator) opens beside this one, as the
            // app would: the dialog stays, and sees the payment when she comes back.
            {...(/^https?:/i.test(href) ? { target: '_blank', rel: 'noopener' } : {})}
            className="flex min-h-14 items-center gap-3 rounded-2xl bg-white px-4 py-3 font-semibold text-ink-950 ring-1 ring-ink-200 transition-colors hover:bg-ink-50 hover:ring-ink-300 active:bg-ink-100"
          >
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-xl bg-ink-50 text-ink-800"
            >
              <Smartphone className="size-5" />
            </span>
            {/* The apps' names are brands; the generic link is said in the interface's language. */}
            <span className="min-w-0 flex-1">{app === 'any' ? t('payments.anyUpiApp') : label}</span>
            <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The QR to scan from a laptop, with how long it still works. */
function UpiQr({
  image,
  price,
  timeLeft,
  expired,
  onRenew,
}: {
  image: string;
  price: string;
  timeLeft: number;
  expired: boolean;
  onRenew: () => void;
}) {
  const { t, tm } = useT();
  return (
    <div className="mt-3 flex flex-col items-center rounded-2xl bg-white p-4 text-center ring-1 ring-ink-200">
      <img
        src={image}
        alt={t('payments.qrAlt', { price })}
        width={240}
        height={240}
        className={cn('size-60 [image-rendering:pixelated]', expired && 'opacity-15')}
      />
      {expired ? (
        <Expired text={tm(QR_EXPIRED)} action={t('payments.newQr')} onRenew={onRenew} />
      ) : (
        <>
          <p className="mt-3 font-semibold text-ink-950">{t('payments.scan')}</p>
          <p role="timer" className="mt-1 text-sm text-ink-muted tabular-nums">
            {t('payments.expiresIn', { time: formatCountdown(timeLeft) })}
          </p>
        </>
      )}
    </div>
  );
}

function Expired({ text, action, onRenew }: { text: string; action: string; onRenew: () => void }) {
  return (
    <div className="mt-3 flex w-full flex-col items-center gap-3">
      <p role="status" className="font-semibold text-ink-950">
        {text}
      </p>
      <Button variant="dark" onClick={onRenew}>
        <RotateCw aria-hidden="true" className="size-4" />
        {action}
      </Button>
    </div>
  );
}

function OutcomePanel({
  outcome,
  onTryAgain,
  onStartAgain,
}: {
  outcome: Outcome;
  onTryAgain: () => void;
  onStartAgain: () => void;
}) {
  const { t, tm } = useT();
  // Cancelling takes no money: nothing alarming about it. A decline is a problem to fix.
  const alarming = outcome === 'declined';
  return (
    <div
      className={cn(
        'mt-3 rounded-2xl p-4 ring-1',
        alarming ? 'bg-red-50 text-red-800 ring-red-200' : 'bg-ink-50 text-ink-900 ring-ink-950/8',
      )}
    >
      <p role="alert" className="flex items-start gap-2 text-sm leading-6 font-medium">
        {alarming ? (
          <CircleAlert aria-hidden="true" className="mt-1 size-4 shrink-0" />
        ) : (
          <Info aria-hidden="true" className="mt-1 size-4 shrink-0" />
        )}
        {tm(OUTCOME_WORDS[outcome])}
      </p>
      {outcome === 'cancelled' || outcome === 'declined' ? (
        <Button variant="dark" className="mt-3 w-full" onClick={onTryAgain}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('ui.tryAgain')}
        </Button>
      ) : outcome === 'expired' ? (
        <Button variant="dark" className="mt-3 w-full" onClick={onStartAgain}>
          <RotateCw aria-hidden="true" className="size-4" />
          {t('payments.startAgain')}
        </Button>
      ) : null}
    </div>
  );
}
