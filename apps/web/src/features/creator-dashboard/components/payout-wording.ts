import { translate, type Locale, type MessageKey, type ReviewReason } from '@kholo/contracts';
import type { PayoutsMode } from '../../../lib/public-config.ts';

/**
 * What the Wallet promises about a payout, by how payouts are paid here (the server's PAYOUTS):
 * automatic payouts to a verified UPI ID usually arrive within a minute, and the first one (or one
 * after a change) waits for a check of up to 24 hours; by hand, no time is promised at all.
 * (Message keys: the components say them in the interface's language.)
 */
export const PAYOUT_PROMISE: Record<PayoutsMode, MessageKey> = {
  auto: 'dashboardWallet.promise.auto',
  manual: 'dashboardWallet.promise.manual',
};

/** A payout to a UPI ID she has not saved always waits for a person (issue 21: new_upi_id). */
export const OTHER_UPI_NOTE: Record<PayoutsMode, MessageKey> = {
  auto: 'dashboardWallet.otherUpi.auto',
  manual: PAYOUT_PROMISE.manual,
};

/** The plain path, without a saved account: the server checks the UPI ID and the payout is reviewed. */
export const UNSAVED_UPI_NOTE: Record<PayoutsMode, MessageKey> = {
  auto: 'dashboardWallet.unsavedUpi.auto',
  manual: 'dashboardWallet.unsavedUpi.manual',
};

/**
 * Why a payout waits, in words to the creator. The contracts' REVIEW_REASON_LABELS are the
 * admin's ("the creator confirmed the account is hers"); these say the same to her.
 */
export const REVIEW_REASON_WORDS: Record<ReviewReason, MessageKey> = {
  first_payout: 'dashboardWallet.reason.first_payout',
  account_changed: 'dashboardWallet.reason.account_changed',
  new_upi_id: 'dashboardWallet.reason.new_upi_id',
  name_override: 'dashboardWallet.reason.name_override',
  over_limit: 'dashboardWallet.reason.over_limit',
  daily_limit: 'dashboardWallet.reason.daily_limit',
  open_claims: 'dashboardWallet.reason.open_claims',
  asked_while_manual: 'dashboardWallet.reason.asked_while_manual',
};

/** Why a payout waits, said in `locale`. */
export function reviewReasonText(reason: ReviewReason, locale: Locale = 'en'): string {
  return translate(locale, REVIEW_REASON_WORDS[reason]);
}
