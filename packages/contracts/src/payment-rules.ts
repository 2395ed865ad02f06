import { VERIFY_MAX_ATTEMPTS } from './limits.js';

/**
 * Payment words and rules the web's light pages need (the unlock dialog, /payment-success),
 * kept free of zod like content-rules.ts so those pages load no schemas.
 */

/** Messages the spec fixes word for word (SPEC §2, §5 and §8). */
export const PAYMENT_MESSAGES = {
  dialogTitle: 'Unlock Premium Content',
  processing: 'Processing...',
  missingOrderId: 'Missing order ID. Please contact support.',
  unlockProblem: 'There was a problem unlocking your content.',
  verificationFailed: 'Verification failed after multiple attempts. Please try again.',
  contactSupport: 'Please contact support if you were charged but did not get access.',
  /** Our own words for a checkout that could not open (SPEC §8 swallows it; we hint instead). */
  checkoutRetryHint: 'We could not open the payment page. Please try again.',
} as const;

/** `Pay ₹149` on the dialog's button (SPEC §2), with the price as the page shows it. */
export function payButtonLabel(priceText: string): string {
  return `Pay ${priceText}`;
}

/**
 * What verify-payment answers. PENDING keeps the page polling; FAILED and EXPIRED stop it
 * early (the fan can start a new payment); PAID is final.
 */
export const PAYMENT_STATUSES = ['PAID', 'PENDING', 'FAILED', 'EXPIRED'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** Why a FAILED order holds no purchase (verify-payment's `failure`). */
export const PAYMENT_FAILURES = ['cancelled', 'declined', 'refunded'] as const;
export type PaymentFailure = (typeof PAYMENT_FAILURES)[number];

/** What the return page says when she cancelled: true, because a cancelled attempt takes no money. */
export const PAYMENT_CANCELLED_MESSAGE = 'Payment cancelled. You were not charged.';

/** How the browser reaches the checkout: the built-in simulator's page, or Cashfree's JS SDK. */
export const CHECKOUT_MODES = ['simulator', 'sandbox', 'production'] as const;
export type CheckoutMode = (typeof CHECKOUT_MODES)[number];

/**
 * The wait before verify attempt `attempt` (1-based) on /payment-success: none before the first,
 * then 1, 2, 4 … s before each retry (SPEC §7, §9); null once all 9 are used. The spec waits 5 s
 * before the first; we deliberately do not (DESIGN §7): the server usually knows at once, and
 * seconds of spinner after paying lose a fan's trust.
 */
export function verifyDelayMs(attempt: number): number | null {
  if (!Number.isInteger(attempt) || attempt < 1 || attempt > VERIFY_MAX_ATTEMPTS) return null;
  if (attempt === 1) return 0;
  return 2 ** (attempt - 2) * 1000;
}

/** `order_id` or `orderId` from /payment-success's query (SPEC §2), trimmed; null when absent. */
export function orderIdFromQuery(query: { get(name: string): string | null }): string | null {
  const value = (query.get('order_id') ?? query.get('orderId') ?? '').trim();
  return value === '' ? null : value;
}
