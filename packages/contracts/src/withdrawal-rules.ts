/**
 * Wallet and withdrawal rules with no zod in them, so the creator dashboard and the admin panel
 * can check a UPI ID or a balance without downloading the schemas.
 */
import { MIN_WITHDRAWAL_PAISE } from './limits.js';

/** Messages the spec fixes word for word (SPEC §4, §5, §8), and the few the admin panel adds. */
export const WITHDRAWAL_MESSAGES = {
  withdrawToUpi: 'Withdraw to UPI',
  noBalance: 'No balance to withdraw',
  belowMinimum: 'Minimum withdrawal amount is ₹500',
  invalidUpiId: 'Please enter a valid UPI ID.',
  processing: 'Processing...',
  requested: 'Withdrawal requested',
  failed: 'Failed to submit withdrawal request.',
  markAsPaid: 'Mark as Paid',
  updating: 'Updating...',
  /** Followed by the reason: 'Failed to mark as paid: …' (an alert, SPEC §8). */
  markPaidFailedPrefix: 'Failed to mark as paid: ',
  /** Followed by the reason: 'Failed to fetch data: …' (SPEC §8). */
  fetchFailedPrefix: 'Failed to fetch data: ',
  noData: 'No data found.',
} as const;

/**
 * REQUESTED (held, about to go), REVIEW (held for the admin), PROCESSING (sent to the payouts
 * provider), PAID; or FAILED, REVERSED (the bank returned it after PAID), REJECTED (by the admin),
 * CANCELLED (by the creator): the money is back in her wallet.
 */
export const WITHDRAWAL_STATUSES = [
  'REQUESTED',
  'REVIEW',
  'PROCESSING',
  'PAID',
  'FAILED',
  'REVERSED',
  'REJECTED',
  'CANCELLED',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** The money is still held for it: on its way, or waiting. */
export const IN_FLIGHT_STATUSES = ['REQUESTED', 'REVIEW', 'PROCESSING'] as const satisfies readonly WithdrawalStatus[];

export function isInFlight(status: WithdrawalStatus): boolean {
  return (IN_FLIGHT_STATUSES as readonly WithdrawalStatus[]).includes(status);
}

/** The creator may take it back while nothing has been sent. */
export function isCancellable(status: WithdrawalStatus): boolean {
  return status === 'REQUESTED' || status === 'REVIEW';
}

/** How each status reads to a creator and to the admin. */
export const WITHDRAWAL_STATUS_LABELS: Record<WithdrawalStatus, string> = {
  REQUESTED: 'Requested',
  REVIEW: 'In review',
  PROCESSING: 'Sending',
  PAID: 'Paid',
  FAILED: 'Failed',
  REVERSED: 'Returned',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

/** Why a payout waits for the admin (issue 21): each is a reason code with the words shown. */
export const REVIEW_REASONS = [
  'first_payout',
  'account_changed',
  'new_upi_id',
  'name_override',
  'over_limit',
  'daily_limit',
  'open_claims',
  'asked_while_manual',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];

export const REVIEW_REASON_LABELS: Record<ReviewReason, string> = {
  first_payout: 'First payout',
  account_changed: 'Payout account changed since the last payout',
  new_upi_id: 'A UPI ID other than the saved payout account',
  name_override: 'Holder name does not match; the creator confirmed the account is hers',
  over_limit: 'Above the automatic payout limit',
  daily_limit: 'Above the daily payout limit',
  open_claims: 'Open refund or dispute',
  asked_while_manual: 'Asked for while payouts were paid by hand: check it was not paid already',
};

export const UPI_ID_MAX_LENGTH = 100;
export const WITHDRAWAL_REFERENCE_MAX_LENGTH = 100;
export const ADMIN_REASON_MIN_LENGTH = 3;
export const ADMIN_REASON_MAX_LENGTH = 500;

/**
 * A UPI ID (VPA): `local@handle`, e.g. `9876543210@ybl` or `asha.verma@okhdfcbank`. The
 * intersection of Cashfree's and NPCI apps' rules (reference/payment-providers.md §7): the
 * local part is letters, digits, `.`, `_` and `-`, starting and ending with a letter or digit;
 * the handle is letters, digits and `.`, starting with a letter; no hyphen after the @; at most
 * 100 characters. A well-formed ID may still not exist; the admin checks before paying.
 */
const UPI_ID_PATTERN = /^[a-z0-9](?:[a-z0-9._-]*[a-z0-9])?@[a-z][a-z0-9.]*[a-z0-9]$/;

/** What we store and pay to: trimmed and lowercased (UPI IDs are case-insensitive). */
export function normaliseUpiId(text: string): string {
  return text.trim().toLowerCase();
}

/** True for a UPI ID that is worth sending money to; takes the text as typed. */
export function isValidUpiId(text: string): boolean {
  const upiId = normaliseUpiId(text);
  return (
    upiId.length >= 3 &&
    upiId.length <= UPI_ID_MAX_LENGTH &&
    !upiId.includes('..') &&
    !upiId.includes('.@') &&
    UPI_ID_PATTERN.test(upiId)
  );
}

/**
 * Why a wallet cannot be withdrawn right now, or null when it can. The withdrawal is always the
 * whole balance (SPEC §7), so the balance alone decides.
 */
export function withdrawalBlocker(balancePaise: number): string | null {
  if (!(balancePaise > 0)) return WITHDRAWAL_MESSAGES.noBalance;
  if (balancePaise < MIN_WITHDRAWAL_PAISE) return WITHDRAWAL_MESSAGES.belowMinimum;
  return null;
}

/** A long value cut after `max` characters and marked '...': the admin's tables (100) and cards (50). */
export function truncateText(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length <= max ? text : `${characters.slice(0, max).join('')}...`;
}

export const ADMIN_TRUNCATE_TABLE = 100;
export const ADMIN_TRUNCATE_CARD = 50;
