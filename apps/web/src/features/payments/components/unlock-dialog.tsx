import {
  formatPaise,
  paiseToRupees,
  PAYMENT_MESSAGES,
  UNLOCK_WINDOW_DAYS,
  type MessageKey,
  type CreateOrderInput,
  type CreateOrderResponse,
  type GuestOrderInput,
  type Me,
  type UpiChannel,
  type VerifyPaymentResponse,
} from '@kholo/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, CreditCard, Landmark, LockKeyhole, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ButtonSpinner } from '../../../components/ui/spinner.tsx';
import { Dialog, DialogCloseButton } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from '../../../lib/api-error.ts';
import type { LazyDialogProps } from '../../../lib/lazy-dialog.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { CodeSignInForm, useMe } from '../../accounts/index.ts';
import {
  contentQueryKey,
  creatorPageQueryRoot,
  getContent,
  refreshAccess,
  useAgeConfirmation,
} from '../../catalog/index.ts';
import { suggestEmailFix } from '../email-typo.ts';
import { usePay, type PayInput, type UpiAttempt } from '../hooks/use-pay.ts';
import type { OpenUnlockDialogOptions, UnlockTarget } from '../hooks/use-unlock-dialog.ts';
import { isPhone } from '../is-phone.ts';
import { ADULT_CONFIRM_REQUIRED, EMAIL_INVALID, EMAIL_REQUIRED } from '../payment-wording.ts';
import { CheckoutFooter, ItemSummary } from './checkout-parts.tsx';
import { PaidStep } from './paid-step.tsx';
import { PayStep } from './pay-step.tsx';
import { PolicyAgreement } from '../../../components/ui/policy-agreement.tsx';
import { VisitorFields } from './visitor-fields.tsx';

/** `onClose` runs once the dialog has closed, however it was closed. */
export type UnlockDialogProps = LazyDialogProps<OpenUnlockDialogOptions>;

/** The one payment method card (SPEC §2): the next step offers all three, UPI first. */
const METHODS: readonly { key: string; label: MessageKey | null; Icon: typeof Smartphone }[] = [
  { key: 'upi', label: null, Icon: Smartphone },
  { key: 'cards', label: 'payments.methodCards', Icon: CreditCard },
  { key: 'netbanking', label: 'payments.methodNetBanking', Icon: Landmark },
];

/** Enough of an address to ask the server; the server's own check has the last word. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Stage =
  /** The item, its price and, for a visitor, her email: 'Pay ₹…' makes the order. */
  | { kind: 'details' }
  /** The order exists: UPI apps or a QR, cards and net banking, and the wait for the money. */
  | { kind: 'pay'; order: CreateOrderResponse; firstAttempt: UpiAttempt; email: string | null }
  /**
   * Her email already has an account (409 SIGN_IN_WITH_CODE, ADR 022): nothing was ordered; the
   * code just sent there signs her in, and the order follows.
   */
  | { kind: 'code-first'; email: string; message: string }
  /** The server said PAID. `codeEmail`: where a visitor's code went; null for a signed-in fan. */
  | { kind: 'paid'; contentId: string; codeEmail: string | null };

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

/** A visitor's order (ADR 022): the spec's payload plus her email and, if she gave it, her name. */
function guestOrderInput(target: UnlockTarget, email: string, name: string): GuestOrderInput {
  const trimmedName = name.trim();
  return { ...orderInput(target, email), email, ...(trimmedName ? { name: trimmedName } : {}) };
}

/**
 * 'Unlock Premium Content' (SPEC §2): the item, its creator and price, the one payment method,
 * Cancel and 'Pay ₹…', which reads 'Processing...' while the order is made. A visitor gives only
 * her email here (ADR 022); an 18+ item asks "I am 18 or older" first. Then UPI first (apps on a
 * phone, a QR elsewhere), cards and net banking one tap away, and "Paid" as soon as the server
 * knows, with the sign-in code for a visitor. Open it through `useUnlockDialog()`, never directly.
 */
export function UnlockDialog({ options, onClose }: UnlockDialogProps) {
  const { t, tm, locale } = useT();
  const { target: shownTarget, onSessionEnded, onLogIn } = options;
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const ageId = `${id}-age`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const payRef = useRef<HTMLButtonElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const suggestionRef = useRef<HTMLButtonElement>(null);
  const ageRef = useRef<HTMLInputElement>(null);
  // What to do once the dialog has closed (a toast, the login dialog, the item).
  const afterClose = useRef<(() => void) | null>(null);

  const [target, setTarget] = useState(shownTarget);
  const [stage, setStage] = useState<Stage>({ kind: 'details' });
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState(options.email ?? '');
  const [name, setName] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const [suggestion, setSuggestion] = useState<string | null>(null);
  // The address a suggestion was last shown for: she has seen it, and may really mean what she typed.
  const [suggestedFor, setSuggestedFor] = useState<string | null>(null);
  const [ageConfirmed, setAgeConfirmed] = useState(false);

  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const me = useMe();
  const account = me.data?.account ?? null;
  const visitor = account === null;
  const { confirmed: tabConfirmedAge, confirm: confirmAge } = useAgeConfirmation();
  // Asked once, when the dialog opens: answering it must not make the question vanish mid-form.
  const [asksAge] = useState(() => shownTarget.isAdultContent && !tabConfirmedAge);
  const [channel] = useState<UpiChannel>(() => (isPhone() ? 'link' : 'qrcode'));
  const price = formatPaise(target.pricePaise, locale);

  useEffect(() => {
    if (stage.kind !== 'details') return;
    if (visitor) emailRef.current?.focus();
    else payRef.current?.focus();
  }, [stage.kind, visitor]);

  const close = useCallback((then?: () => void) => {
    afterClose.current = then ?? null;
    dialogRef.current?.close();
  }, []);

  /** PRICE_CHANGED: read the item again so the dialog shows, and the next order sends, the new price. */
  const refreshPrice = async () => {
    void queryClient.invalidateQueries({ queryKey: creatorPageQueryRoot });
    try {
      const detail = await queryClient.query({
        queryKey: contentQueryKey(target.id, account?.id ?? null),
        queryFn: ({ signal }) => getContent(target.id, signal),
        staleTime: 0,
      });
      setTarget((current) => ({ ...current, title: detail.item.title, pricePaise: detail.item.pricePaise }));
    } catch {
      // The server's message already names the new price; the page shows it when it reloads.
    }
  };

  const showOrderError = async (failure: unknown, { order: input }: PayInput) => {
    const apiError = failure instanceof ApiError ? failure : new ApiError('INTERNAL', UNEXPECTED_ERROR_MESSAGE, 0);
    switch (apiError.code) {
      case 'SIGN_IN_WITH_CODE':
        if ('email' in input) {
          setStage({ kind: 'code-first', email: input.email, message: apiError.message });
          return;
        }
        setError(apiError.message);
        return;
      case 'UNAUTHENTICATED':
        close(onSessionEnded);
        return;
      case 'ALREADY_UNLOCKED':
        if ('email' in input) {
          // Not signed in, the page cannot show it to her: she logs in (the link below) instead.
          setError(apiError.message);
          return;
        }
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
      case 'VALIDATION_FAILED':
        if (apiError.fields.email || apiError.fields.name) {
          setEmailError(apiError.fields.email ?? null);
          setNameError(apiError.fields.name ?? null);
          if (apiError.fields.email) emailRef.current?.focus();
          return;
        }
        setError(apiError.message);
        return;
      default:
        // The provider is down (502), we are (503), too many codes asked (429), or the network
        // is down: the message says what to do.
        setError(apiError.message);
    }
  };

  const pay = usePay({ onError: showOrderError });
  const { busy, run } = useSingleFlight(pay.isPending);

  /** Her address, checked as far as the page can; false when she must look at it first. */
  const visitorEmailReady = (): string | false => {
    const typed = email.trim();
    const problem = typed === '' ? EMAIL_REQUIRED : LOOKS_LIKE_EMAIL.test(typed) ? null : EMAIL_INVALID;
    if (problem) {
      setEmailError(problem);
      emailRef.current?.focus();
      return false;
    }
    // A likely typo stops the first press only: she may really use that address.
    const fix = suggestEmailFix(typed);
    if (fix && suggestedFor !== typed) {
      setSuggestion(fix);
      setSuggestedFor(typed);
      // After the render that shows it.
      requestAnimationFrame(() => suggestionRef.current?.focus());
      return false;
    }
    return typed;
  };

  /** Makes the order and its first UPI attempt, then shows them; a refusal is shown by onError. */
  const placeOrder = async (input: CreateOrderInput | GuestOrderInput, guestEmail: string | null) => {
    const made = await pay.mutateAsync({ order: input, channel }).catch(() => undefined);
    if (!made) return;
    setStage({
      kind: 'pay',
      order: made.order,
      firstAttempt: made.upi,
      email: guestEmail === null ? null : (made.order.codeSentTo ?? guestEmail),
    });
  };

  const onPay = () =>
    run(async () => {
      setError(null);
      if (asksAge && !ageConfirmed) {
        setError(ADULT_CONFIRM_REQUIRED);
        ageRef.current?.focus();
        return;
      }
      let guestEmail: string | null = null;
      if (visitor) {
        const ready = visitorEmailReady();
        if (ready === false) return;
        guestEmail = ready;
      }
      if (asksAge) confirmAge();
      await placeOrder(
        guestEmail === null ? orderInput(target, account?.email) : guestOrderInput(target, guestEmail, name),
        guestEmail,
      );
    });

  /** Signed in by the code from her email: the order she asked for, now as herself. */
  const onSignedInFirst = (signedIn: Me) => {
    setStage({ kind: 'details' });
    void run(() => placeOrder(orderInput(target, signedIn.account?.email), null));
  };

  const backToDetails = useCallback(() => {
    setError(null);
    setStage({ kind: 'details' });
  }, []);

  const onPaid = (answer: VerifyPaymentResponse) => {
    void refreshAccess(queryClient);
    setStage((current) => {
      if (current.kind !== 'pay') return current;
      const codeEmail = visitor ? (current.email ?? answer.checkoutEmail) : null;
      return { kind: 'paid', contentId: answer.contentId || target.id, codeEmail };
    });
  };

  /** Closes the dialog and shows her the item she paid for. */
  const openItem = (contentId: string) => {
    const path = `/content/${encodeURIComponent(contentId)}`;
    // Already on the item: the page turns to Unlocked as its access is read again.
    close(pathname === path ? undefined : () => void navigate(path));
  };

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
            {t('payments.secureCheckout')}
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
          {tm(PAYMENT_MESSAGES.dialogTitle)}
        </h2>
        <p id={descriptionId} className="mt-1.5 leading-7 text-ink-muted sm:mt-2">
          {t('payments.payOnce', { days: UNLOCK_WINDOW_DAYS })}
        </p>

        <ItemSummary target={target} price={price} compact={stage.kind !== 'details'} />

        {stage.kind === 'details' ? (
          <>
            {visitor ? (
              <VisitorFields
                email={email}
                name={name}
                emailError={emailError}
                nameError={nameError}
                suggestion={suggestion}
                onEmailChange={(value) => {
                  setEmail(value);
                  setEmailError(null);
                  setSuggestion(null);
                }}
                onEmailBlur={() => {
                  // Shown as she leaves the field; Pay still stops once for it, since the press of
                  // Pay is what took her out of the field as often as not.
                  const typed = email.trim();
                  setSuggestion(LOOKS_LIKE_EMAIL.test(typed) ? suggestEmailFix(typed) : null);
                }}
                onNameChange={(value) => {
                  setName(value);
                  setNameError(null);
                }}
                onUseSuggestion={() => {
                  if (suggestion) setEmail(suggestion);
                  setSuggestion(null);
                  emailRef.current?.focus();
                }}
                emailRef={emailRef}
                suggestionRef={suggestionRef}
              />
            ) : null}

            {asksAge ? (
              <div className="mt-5 flex items-start gap-3 rounded-2xl bg-ink-50/70 p-4 ring-1 ring-ink-950/8">
                <input
                  ref={ageRef}
                  id={ageId}
                  type="checkbox"
                  checked={ageConfirmed}
                  aria-describedby={`${ageId}-hint`}
                  onChange={(event) => {
                    setAgeConfirmed(event.target.checked);
                    if (event.target.checked) setError(null);
                  }}
                  className="mt-0.5 size-5 shrink-0 cursor-pointer accent-ink-950"
                />
                <div className="min-w-0">
                  <label htmlFor={ageId} className="block cursor-pointer font-semibold text-ink-950">
                    {t('payments.adultConfirm')}
                  </label>
                  <p id={`${ageId}-hint`} className="mt-0.5 text-sm leading-6 text-ink-muted">
                    {t('payments.adultHint')}
                  </p>
                </div>
              </div>
            ) : null}

            <h3 className="mt-5 text-sm font-bold text-ink-950">{t('payments.paymentMethod')}</h3>
            <div className="mt-2 rounded-2xl bg-white p-3.5 ring-2 ring-ink-950">
              <p className="flex items-start justify-between gap-3">
                <span className="leading-6 font-bold text-ink-950">{t('payments.allMethods')}</span>
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700" />
              </p>
              <ul aria-label={t('payments.waysToPay')} className="mt-2 flex flex-wrap gap-1">
                {METHODS.map(({ key, label, Icon }) => (
                  <li
                    key={key}
                    className="inline-flex items-center gap-1 rounded-full bg-ink-50 px-2 py-1 text-xs font-semibold text-ink-800"
                  >
                    <Icon aria-hidden="true" className="size-3.5" />
                    {label === null ? 'UPI' : t(label)}
                  </li>
                ))}
              </ul>
            </div>

            {/* Pay makes her account (ADR 022), which records the Terms she agrees to here. */}
            {visitor ? <PolicyAgreement className="mt-4 text-xs leading-5 text-ink-muted" /> : null}

            {error ? (
              <p
                role="alert"
                className="mt-5 flex items-start gap-2 rounded-xl bg-red-50 px-3.5 py-3 text-sm font-medium text-red-700 ring-1 ring-red-200"
              >
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {tm(error)}
              </p>
            ) : null}

            {/* On a phone the form runs past the screen: Pay stays in reach at its foot. */}
            <div className="sticky bottom-0 z-10 -mx-5 mt-6 flex gap-3 border-t border-ink-950/8 bg-white px-5 py-3 sm:static sm:mx-0 sm:justify-end sm:border-0 sm:p-0">
              <Button
                variant="outline"
                size="lg"
                onClick={() => {
                  close();
                }}
                disabled={busy}
              >
                {t('ui.cancel')}
              </Button>
              {/* aria-disabled keeps keyboard focus on the button while it works; `run` refuses a second order. */}
              <Button
                ref={payRef}
                size="lg"
                aria-disabled={busy}
                className="flex-1 sm:min-w-44 sm:flex-none"
                onClick={() => {
                  void onPay();
                }}
              >
                {busy ? (
                  <>
                    <ButtonSpinner />
                    {tm(PAYMENT_MESSAGES.processing)}
                  </>
                ) : (
                  t('payments.pay', { price })
                )}
              </Button>
            </div>

            {visitor ? (
              <p className="mt-5 text-center text-[0.9375rem] text-ink-muted">
                {t('payments.haveAccount')}{' '}
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => {
                    close(onLogIn);
                  }}
                  className="rounded font-semibold text-ink-800 underline decoration-2 underline-offset-4 hover:text-ink-950"
                >
                  {t('payments.logIn')}
                </button>
              </p>
            ) : null}
          </>
        ) : stage.kind === 'code-first' ? (
          <div className="mt-5">
            <p role="status" className="text-sm leading-6 break-words text-ink-800">
              {tm(stage.message)}
            </p>
            <div className="mt-4">
              <CodeSignInForm
                email={stage.email}
                role="fan"
                onSignedIn={onSignedInFirst}
                onChangeEmail={backToDetails}
              />
            </div>
            <Button
              variant="ghost"
              size="lg"
              className="mt-3 w-full"
              onClick={() => {
                close();
              }}
            >
              {t('ui.cancel')}
            </Button>
          </div>
        ) : stage.kind === 'pay' ? (
          <>
            <PayStep
              key={stage.order.order_id}
              order={stage.order}
              firstAttempt={stage.firstAttempt}
              channel={channel}
              email={stage.email}
              onPaid={onPaid}
              onStartAgain={backToDetails}
              onChangeEmail={backToDetails}
            />
            <Button
              variant="ghost"
              size="lg"
              className="mt-3 w-full"
              onClick={() => {
                close();
              }}
            >
              {t('ui.cancel')}
            </Button>
          </>
        ) : (
          <PaidStep
            codeEmail={stage.codeEmail}
            onOpen={() => {
              openItem(stage.contentId);
            }}
          />
        )}

        <CheckoutFooter />
      </div>
    </Dialog>
  );
}
