import { translate, type Locale } from '@kholo/contracts';
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
 * after the account changes) is checked within 24 hours; by hand, no minute is promised. The
 * sentences are in the landing catalogue (`landing.payout.auto.*`, `landing.payout.manual.*`).
 */
export function payoutWords(mode: PayoutsMode, locale: Locale = 'en'): PayoutWords {
  return {
    highlight: translate(locale, `landing.payout.${mode}.highlight`),
    heroClause: translate(locale, `landing.payout.${mode}.heroClause`),
    benefitTitle: translate(locale, `landing.payout.${mode}.benefitTitle`),
    benefitBody: translate(locale, `landing.payout.${mode}.benefitBody`),
    faqAfterMinimum: translate(locale, `landing.payout.${mode}.faqAfterMinimum`),
    previewNote: translate(locale, `landing.payout.${mode}.previewNote`),
  };
}
