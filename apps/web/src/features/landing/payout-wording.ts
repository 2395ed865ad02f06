import type { PayoutsMode } from '../../lib/public-config.ts';

/** Everything the landing page says about payouts, for one way of paying creators. */
export interface PayoutWords {
  /** A tick in the hero's list. */
  highlight: string;
  /** Ends the hero's sentence "No monthly fees, only a small platform fee per unlock, and …". */
  heroClause: string;
  benefitTitle: string;
  benefitBody: string;
  /** The FAQ answer after "Once your balance reaches ₹500, ". */
  faqAfterMinimum: string;
  /** The hero illustration's payout note. */
  previewNote: string;
}

/**
 * The payout promise, by the server's PAYOUTS (issue 21), so every sentence is true: automatic
 * payouts to a verified UPI ID usually arrive in under a minute, and the first one (and the first
 * after the account changes) is checked within 24 hours; by hand, no minute is promised.
 */
export function payoutWords(mode: PayoutsMode): PayoutWords {
  if (mode === 'manual') {
    return {
      highlight: 'Payouts to UPI, usually within 24 hours',
      heroClause: 'payouts to your UPI ID, usually within 24 hours.',
      benefitTitle: 'Payouts to UPI',
      benefitBody:
        'Request a withdrawal and our team pays it to your UPI ID, usually within 24 hours. No waiting for month-end settlements.',
      faqAfterMinimum:
        'request a withdrawal to your UPI ID and our team pays it, usually within 24 hours. No waiting for the end of the month.',
      previewNote: 'Payout sent to UPI',
    };
  }
  return {
    highlight: 'UPI payouts, usually in under a minute',
    heroClause: 'instant payouts to your verified UPI ID, usually in under a minute.',
    benefitTitle: 'Instant payouts to UPI',
    benefitBody:
      'Payouts to your verified UPI ID usually arrive in under a minute. We check your first payout, and the first after you change your payout account, within 24 hours.',
    faqAfterMinimum:
      'request a withdrawal to the UPI ID you saved (we check it with your bank first). Payouts usually arrive in under a minute; we check your first payout, and the first after you change your payout account, within 24 hours. No waiting for the end of the month.',
    previewNote: 'Paid to UPI in under a minute',
  };
}
