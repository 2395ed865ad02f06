import { formatDate, type ReviewReason } from '@kholo/contracts';
import type { PayoutsMode } from '../../../lib/public-config.ts';

/**
 * What the Wallet promises about a payout, by how payouts are paid here (the server's PAYOUTS):
 * automatic payouts to a verified UPI ID usually arrive within a minute, and the first one (or one
 * after a change) waits for a check of up to 24 hours; by hand, no time is promised at all.
 */
export const PAYOUT_PROMISE: Record<PayoutsMode, string> = {
  auto: 'Usually arrives in under a minute. First payouts and changed accounts are checked by us first, within 24 hours.',
  manual: 'Kholo’s team pays it to your UPI ID by hand and emails you when it is done.',
};

/** A payout to a UPI ID she has not saved always waits for a person (issue 21: new_upi_id). */
export const OTHER_UPI_NOTE: Record<PayoutsMode, string> = {
  auto: 'A payout to a UPI ID other than your saved payout account is checked by us first, within 24 hours, and then sent.',
  manual: PAYOUT_PROMISE.manual,
};

/** The plain path, without a saved account: the server checks the UPI ID and the payout is reviewed. */
export const UNSAVED_UPI_NOTE: Record<PayoutsMode, string> = {
  auto: 'We check the UPI ID with your bank, and a payout to an account you have not saved is checked by us first, within 24 hours. If it cannot be paid, the money comes back to your wallet.',
  manual:
    'Kholo’s team pays it to this UPI ID by hand and emails you when it is done. If it cannot be paid, the money comes back to your wallet.',
};

/** Shown with a payout account in status 'review'. */
export const ACCOUNT_REVIEW_NOTE = 'Checked by us before your next payout';

/** What changing a saved account means (issue 21: the change is emailed and the next payout reviewed). */
export const ACCOUNT_CHANGE_NOTE =
  'We email you when your payout account changes, and your next payout is checked by us first, within 24 hours.';

/**
 * Why a payout waits, in words to the creator. The contracts' REVIEW_REASON_LABELS are the
 * admin's ("the creator confirmed the account is hers"); these say the same to her.
 */
export const REVIEW_REASON_WORDS: Record<ReviewReason, string> = {
  first_payout: 'Your first payout',
  account_changed: 'Your payout account changed',
  new_upi_id: 'A UPI ID you have not saved as your payout account',
  name_override: 'The bank’s name for the account is not yours',
  over_limit: 'A large amount',
  daily_limit: 'Above the daily payout limit',
  open_claims: 'A refund or dispute is still open',
  asked_while_manual: 'Asked for before payouts were automatic',
};

const INDIA_TIME_ZONE = 'Asia/Kolkata';
const timeFormatter = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: INDIA_TIME_ZONE,
});

/** 10:02 am, in India time. */
export function formatTime(instant: number): string {
  return timeFormatter.format(instant);
}

/**
 * A step's time in a withdrawal's timeline: just the time when it fell on the same day (India
 * time) as `dayOf`, the step before it; the date too when it did not.
 */
export function formatStepTime(instant: number, dayOf: number): string {
  return formatDate(instant) === formatDate(dayOf)
    ? formatTime(instant)
    : `${formatDate(instant)}, ${formatTime(instant)}`;
}
