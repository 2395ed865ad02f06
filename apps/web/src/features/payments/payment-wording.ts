import { translate, UNLOCK_WINDOW_DAYS } from '@kholo/contracts';

/*
 * What the unlock dialog and /payment-success say about a payment, in one place so the two never
 * tell a fan different things. The spec's own words are in contracts (PAYMENT_MESSAGES). These
 * are the English of the `payments` messages (ADR 030): where one is kept as text (a step's
 * outcome, a field's error) it is shown through `tm`, which finds its Hindi by these words.
 */

export const PAYMENT_DECLINED_MESSAGE = translate('en', 'payments.declined');
/**
 * A payment begun before the expiry may still succeed after it (ADR 017): the server keeps asking
 * for a day, settles it, and the receipt goes out by email.
 */
export const PAYMENT_EXPIRED_MESSAGE = translate('en', 'payments.expired');
/** Money that arrived but could not buy the item goes back by itself (ADR 021). */
export const PAYMENT_REFUNDED_MESSAGE = translate('en', 'payments.refunded');

/** The fan pays exactly the listed price: Kholo's fee comes out of the creator's share. */
export const PRICE_INCLUDES_FEES = translate('en', 'payments.includesFees');
export const SECURED_BY = translate('en', 'payments.securedBy');
export const ACCESS_LINE = translate('en', 'payments.accessFor', { days: UNLOCK_WINDOW_DAYS });

/** The 18+ question before paying for an item marked 18+ (DESIGN §7: mature, never sexual). */
export const ADULT_CONFIRM_LABEL = translate('en', 'payments.adultConfirm');
export const ADULT_CONFIRM_REQUIRED = translate('en', 'payments.adultRequired');

/** The same words as the sign-up form's (the contracts' email rule). */
export const EMAIL_REQUIRED = translate('en', 'messages.form.emailRequired');
export const EMAIL_INVALID = translate('en', 'messages.form.emailInvalid');

export const CARDS_AND_NET_BANKING = translate('en', 'payments.cardsAndNetBanking');
export const WAITING_FOR_PAYMENT = translate('en', 'payments.waiting');
export const QR_EXPIRED = translate('en', 'payments.qrExpired');
export const LINKS_EXPIRED = translate('en', 'payments.linksExpired');
export const PAID_HEADING = translate('en', 'payments.paid');
