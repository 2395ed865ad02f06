import {
  formatDateTime,
  orderIdFromQuery,
  PAYMENT_CANCELLED_MESSAGE,
  PAYMENT_MESSAGES,
  PAYMENT_SUCCESS_REDIRECT_MS,
  translate,
  UNLOCK_WINDOW_DAYS,
  type MessageKey,
} from '@kholo/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ArrowLeft,
  ArrowRight,
  CircleAlert,
  CircleCheck,
  LogIn,
  Mail,
  ReceiptText,
  RotateCw,
  Undo2,
} from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button, buttonClasses } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { useT } from '../../lib/i18n/index.ts';
import { CodeSignInForm, useAuthDialog, useMe } from '../accounts/index.ts';
import { contentQueryKey, getContent } from '../catalog/index.ts';
import { UnlockDialogProvider, useUnlockAction, type UnlockTarget } from '../payments/index.ts';
import { usePaymentVerification, type Verification } from './hooks/use-payment-verification.ts';

export const CONFIRMING_HEADING = translate('en', 'paymentSuccess.confirming');
export const CONFIRMING_HINT = translate('en', 'paymentSuccess.confirmingHint');
export const PAID_HEADING = translate('en', 'paymentSuccess.paidHeading');
export const LOGIN_HEADING = translate('en', 'paymentSuccess.loginHeading');
/** Every order and its receipt, from the page the checkout returns to (issue 22). */
export const PURCHASES_LINK = translate('en', 'paymentSuccess.purchasesLink');

const page = 'mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24';
const heading =
  'text-2xl leading-tight font-extrabold tracking-tight text-balance text-ink-950 outline-none sm:text-3xl';
const text = 'leading-7 text-ink-muted';

type Tone = 'busy' | 'good' | 'bad' | 'neutral' | 'login';

function StatusIcon({ tone }: { tone: Tone }) {
  const ring = {
    busy: 'bg-marigold-100 text-marigold-800',
    good: 'bg-emerald-50 text-emerald-700 ring-1 ring-emerald-200',
    bad: 'bg-red-50 text-red-700 ring-1 ring-red-200',
    neutral: 'bg-ink-50 text-ink-800',
    login: 'bg-ink-50 text-ink-800',
  }[tone];
  return (
    <span aria-hidden="true" className={cn('grid size-16 place-items-center rounded-full', ring)}>
      {tone === 'busy' ? (
        <span className="size-7 rounded-full border-[3px] border-marigold-800/25 border-t-marigold-800 motion-safe:animate-spin" />
      ) : tone === 'good' ? (
        <CircleCheck className="size-8" />
      ) : tone === 'bad' ? (
        <CircleAlert className="size-8" />
      ) : tone === 'neutral' ? (
        <Undo2 className="size-7" />
      ) : (
        <LogIn className="size-7" />
      )}
    </span>
  );
}

/** The support address, with the order in the subject so support can find it. */
function SupportEmail({ orderId }: { orderId: string | null }) {
  const { t } = useT();
  const { supportEmail } = getPublicConfig();
  const subject = orderId ? `?subject=${encodeURIComponent(t('paymentSuccess.supportSubject', { orderId }))}` : '';
  return (
    <a
      href={`mailto:${supportEmail}${subject}`}
      className="inline-flex items-center gap-1.5 font-semibold break-all text-ink-950 underline decoration-2 underline-offset-4"
    >
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      {supportEmail}
    </a>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row sm:justify-center">{children}</div>;
}

function MissingOrderId() {
  const { t, tm } = useT();
  return (
    <div className={page}>
      <title>{`${t('paymentSuccess.title')} · Kholo`}</title>
      <StatusIcon tone="bad" />
      <div role="status" className="mt-6">
        <h1 className={heading}>{t('paymentSuccess.cantCheck')}</h1>
        <p className={cn(text, 'mt-3')}>{tm(PAYMENT_MESSAGES.missingOrderId)}</p>
      </div>
      <p className="mt-4">
        <SupportEmail orderId={null} />
      </p>
      <Actions>
        <Link to="/" className={buttonClasses({ variant: 'dark', size: 'lg' })}>
          <ArrowLeft aria-hidden="true" className="size-5" />
          {t('paymentSuccess.backHome')}
        </Link>
      </Actions>
    </div>
  );
}

const TITLES: Record<Verification['kind'], MessageKey> = {
  checking: 'paymentSuccess.title.checking',
  login: 'paymentSuccess.title.login',
  paid: 'paymentSuccess.paidHeading',
  cancelled: 'paymentSuccess.title.cancelled',
  failed: 'paymentSuccess.title.failed',
};

const TONES: Record<Verification['kind'], Tone> = {
  checking: 'busy',
  login: 'login',
  paid: 'good',
  cancelled: 'neutral',
  failed: 'bad',
};

/** The item the order was for, for "Try again": what the dialog needs to show it. */
async function readItem(
  queryClient: QueryClient,
  contentId: string,
  accountId: string | null,
): Promise<{ target: UnlockTarget; locked: boolean }> {
  const detail = await queryClient.query({
    queryKey: contentQueryKey(contentId, accountId),
    queryFn: ({ signal }) => getContent(contentId, signal),
    staleTime: 0,
  });
  return {
    locked: detail.item.access.kind === 'locked',
    target: {
      id: detail.item.id,
      title: detail.item.title,
      pricePaise: detail.item.pricePaise,
      isAdultContent: detail.item.isAdultContent,
      creatorId: detail.creator.id,
      creatorName: detail.creator.name,
    },
  };
}

function PaymentStatus({ orderId, queryContentId }: { orderId: string; queryContentId: string | null }) {
  const { t, tm, tRich, locale } = useT();
  const { state, restart } = usePaymentVerification(orderId);
  const navigate = useNavigate();
  const auth = useAuthDialog();
  const me = useMe();
  const queryClient = useQueryClient();
  const { unlock, preload } = useUnlockAction();
  const [openingItem, setOpeningItem] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The server's answer names the item the order was for; the address is only a hint.
  const answeredContentId = state.kind === 'paid' || state.kind === 'cancelled' ? state.contentId : null;
  const failedContentId = state.kind === 'failed' ? state.contentId : null;
  const contentId = answeredContentId || failedContentId || queryContentId;
  const contentPath = contentId ? `/content/${encodeURIComponent(contentId)}` : null;
  // A visitor's paid order (ADR 022): the code from her email opens the item, signing her in.
  const codeEmail = state.kind === 'paid' && !me.data?.account ? state.checkoutEmail : null;

  // SPEC §4: on success, on to the item after 1.5 s; replace, so Back does not land here again.
  useEffect(() => {
    if (state.kind !== 'paid' || codeEmail !== null || contentPath === null) return;
    const timer = setTimeout(() => {
      void navigate(contentPath, { replace: true });
    }, PAYMENT_SUCCESS_REDIRECT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [state.kind, codeEmail, contentPath, navigate]);

  // When the page needs the person (to log in, or to decide what next), take keyboard and
  // screen-reader focus to what it says; the live region below announces every change anyway.
  // The code step's field takes focus itself.
  useEffect(() => {
    if (state.kind === 'login' || state.kind === 'failed' || state.kind === 'cancelled') headingRef.current?.focus();
  }, [state.kind]);

  /** The dialog again for the same item, her email filled in; the item's page if it cannot be read. */
  const tryAgain = async () => {
    if (contentId === null || contentPath === null || openingItem) return;
    setOpeningItem(true);
    try {
      const { target, locked } = await readItem(queryClient, contentId, me.data?.account?.id ?? null);
      // Paid meanwhile (a late success), or hers: the page shows it.
      if (!locked) void navigate(contentPath);
      else unlock(target, state.kind === 'cancelled' ? (state.checkoutEmail ?? undefined) : undefined);
    } catch {
      void navigate(contentPath);
    } finally {
      setOpeningItem(false);
    }
  };

  return (
    <div className={page} aria-busy={state.kind === 'checking'}>
      <title>{`${t(TITLES[state.kind])} · Kholo`}</title>
      <StatusIcon tone={TONES[state.kind]} />
      <div role="status" aria-live="polite" className="mt-6">
        {state.kind === 'checking' ? (
          <>
            <h1 ref={headingRef} tabIndex={-1} className={heading}>
              {t('paymentSuccess.confirming')}
            </h1>
            <p className={cn(text, 'mt-3')}>{t('paymentSuccess.confirmingHint')}</p>
          </>
        ) : state.kind === 'login' ? (
          <>
            <h1 ref={headingRef} tabIndex={-1} className={heading}>
              {t('paymentSuccess.loginHeading')}
            </h1>
            <p className={cn(text, 'mt-3')}>{t('paymentSuccess.loginHint')}</p>
          </>
        ) : state.kind === 'paid' ? (
          <>
            <h1 ref={headingRef} tabIndex={-1} className={heading}>
              {t('paymentSuccess.paidHeading')}
            </h1>
            <p className="mt-3 text-lg font-semibold text-emerald-800">
              {t('paymentSuccess.unlockedFor', { days: UNLOCK_WINDOW_DAYS })}
            </p>
            {state.expiresAt !== null ? (
              <p className={cn(text, 'mt-1')}>
                {t('paymentSuccess.accessUntil', { date: formatDateTime(state.expiresAt, locale) })}
              </p>
            ) : null}
            {codeEmail !== null ? (
              <p className={cn(text, 'mt-3 break-words')}>
                {tRich('paymentSuccess.enterCode', {
                  email: <strong className="font-semibold [overflow-wrap:anywhere] text-ink-950">{codeEmail}</strong>,
                })}
              </p>
            ) : contentPath ? (
              <p className={cn(text, 'mt-1')}>{t('paymentSuccess.takingYou')}</p>
            ) : null}
          </>
        ) : state.kind === 'cancelled' ? (
          <>
            <h1 ref={headingRef} tabIndex={-1} className={heading}>
              {tm(PAYMENT_CANCELLED_MESSAGE)}
            </h1>
            <p className={cn(text, 'mt-3')}>{t('paymentSuccess.nothingUnlocked')}</p>
          </>
        ) : (
          <>
            <h1 ref={headingRef} tabIndex={-1} className={heading}>
              {tm(PAYMENT_MESSAGES.unlockProblem)}
            </h1>
            <p className={cn(text, 'mt-3')}>{tm(state.message)}</p>
            <p className={cn(text, 'mt-3')}>{tm(PAYMENT_MESSAGES.contactSupport)}</p>
          </>
        )}
      </div>

      {state.kind === 'failed' ? (
        <p className="mt-3">
          <SupportEmail orderId={orderId} />
        </p>
      ) : null}

      {state.kind === 'login' ? (
        <Actions>
          <Button
            variant="dark"
            size="lg"
            onPointerEnter={auth.preload}
            onFocus={auth.preload}
            onClick={() => {
              auth.open({ audience: 'fan', mode: 'login', onSignedIn: restart });
            }}
          >
            <LogIn aria-hidden="true" className="size-5" />
            {t('paymentSuccess.logIn')}
          </Button>
        </Actions>
      ) : null}

      {state.kind === 'paid' && codeEmail !== null ? (
        <div className="mt-8 w-full max-w-sm text-left">
          <CodeSignInForm
            email={codeEmail}
            role="fan"
            onSignedIn={() => {
              if (contentPath) void navigate(contentPath, { replace: true });
            }}
          />
        </div>
      ) : state.kind === 'paid' ? (
        <Actions>
          {contentPath ? (
            <Link to={contentPath} replace className={buttonClasses({ variant: 'dark', size: 'lg' })}>
              {t('paymentSuccess.openNow')}
              <ArrowRight aria-hidden="true" className="size-5" />
            </Link>
          ) : null}
          <Link to="/purchases" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            <ReceiptText aria-hidden="true" className="size-5" />
            {t('paymentSuccess.purchasesLink')}
          </Link>
        </Actions>
      ) : null}

      {state.kind === 'cancelled' ? (
        <Actions>
          <Button
            variant="dark"
            size="lg"
            aria-disabled={openingItem || undefined}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => void tryAgain()}
          >
            <RotateCw aria-hidden="true" className="size-5" />
            {t('paymentSuccess.tryAgain')}
          </Button>
          {contentPath ? (
            <Link to={contentPath} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              <ArrowLeft aria-hidden="true" className="size-5" />
              {t('paymentSuccess.backToItem')}
            </Link>
          ) : (
            <Link to="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('paymentSuccess.backHome')}
            </Link>
          )}
        </Actions>
      ) : null}

      {state.kind === 'failed' ? (
        <Actions>
          {state.reason === 'exhausted' ? (
            <Button variant="dark" size="lg" onClick={restart}>
              <RotateCw aria-hidden="true" className="size-5" />
              {t('paymentSuccess.checkAgain')}
            </Button>
          ) : null}
          {contentPath ? (
            <Link
              to={contentPath}
              className={buttonClasses({ variant: state.reason === 'exhausted' ? 'outline' : 'dark', size: 'lg' })}
            >
              {t(
                state.reason === 'declined' || state.reason === 'expired'
                  ? 'paymentSuccess.tryPaymentAgain'
                  : 'paymentSuccess.backToItem',
              )}
            </Link>
          ) : (
            <Link to="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('paymentSuccess.backHome')}
            </Link>
          )}
          <Link to="/purchases" className={buttonClasses({ variant: 'ghost', size: 'lg' })}>
            {t('paymentSuccess.purchasesLink')}
          </Link>
        </Actions>
      ) : null}
    </div>
  );
}

/**
 * `/payment-success` (SPEC §2): where the checkout sends the fan back, with `order_id` (or
 * `orderId`) and `contentId`. It asks the server whether the order is paid and shows what it says;
 * it never credits anything itself, so the spec's `creatorId` and `amount` are ignored and
 * /api/manual-wallet-update is never called (DESIGN §7).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const orderId = orderIdFromQuery(params);
  const contentId = params.get('contentId')?.trim() ?? '';
  if (orderId === null) return <MissingOrderId />;
  // A new order in the address starts over rather than carrying the last one's state. The unlock
  // dialog is here for 'Try again' after a cancelled payment.
  return (
    <UnlockDialogProvider>
      <PaymentStatus key={orderId} orderId={orderId} queryContentId={contentId === '' ? null : contentId} />
    </UnlockDialogProvider>
  );
}
