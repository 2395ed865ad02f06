import { UNLOCK_WINDOW_DAYS } from '@kholo/contracts';

/*
 * What the unlock dialog and /payment-success say about a payment, in one place so the two never
 * tell a fan different things. The spec's own words are in contracts (PAYMENT_MESSAGES).
 */

export const PAYMENT_DECLINED_MESSAGE = 'The payment was not completed.';
/**
 * A payment begun before the expiry may still succeed after it (ADR 017): the server keeps asking
 * for a day, settles it, and the receipt goes out by email.
 */
export const PAYMENT_EXPIRED_MESSAGE =
  'This payment session expired. If your bank still confirms a payment you made, the item unlocks for you and we email your receipt.';
/** Money that arrived but could not buy the item goes back by itself (ADR 021). */
export const PAYMENT_REFUNDED_MESSAGE =
  'Your payment arrived but could not unlock this item, so it is on its way back to you. You do not need to do anything.';

/** The fan pays exactly the listed price: Kholo's fee comes out of the creator's share. */
export const PRICE_INCLUDES_FEES = 'includes all fees';
export const SECURED_BY = 'Payments secured by Cashfree';
export const ACCESS_LINE = `Access for ${UNLOCK_WINDOW_DAYS} days`;

/** The 18+ question before paying for an item marked 18+ (DESIGN §7: mature, never sexual). */
export const ADULT_CONFIRM_LABEL = 'I am 18 or older';
export const ADULT_CONFIRM_REQUIRED = 'Please confirm you are 18 or older to buy this item.';

export const EMAIL_REQUIRED = 'Please enter your email address.';
export const EMAIL_INVALID = 'Please enter a valid email address, like name@example.com.';

export const CARDS_AND_NET_BANKING = 'Cards and net banking';
export const WAITING_FOR_PAYMENT = 'Waiting for your payment. This updates by itself.';
export const QR_EXPIRED = 'This QR has expired';
export const LINKS_EXPIRED = 'These payment links have expired';
export const PAID_HEADING = 'Paid';
