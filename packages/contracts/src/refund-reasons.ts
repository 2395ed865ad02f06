/** Money back's rules and words (issue 22, ADR 021), without zod: shared by the server, the web and the schemas. */

/** A creator may refund a sale of her own this long after it was paid. */
export const CREATOR_REFUND_WINDOW_MS = 7 * 24 * 60 * 60_000;
/** A fan may report a problem with a purchase this long after paying (the Refunds policy's window). */
export const PROBLEM_REPORT_WINDOW_MS = 24 * 60 * 60_000;

export const REFUND_REASONS = [
  'admin',
  'fan_problem',
  'creator',
  'paid_for_removed_item',
  'already_unlocked',
  'late_payment',
  'item_removed',
  'dispute_lost',
] as const;
export type RefundReasonCode = (typeof REFUND_REASONS)[number];

/** Why money went back, in the words a fan or creator reads. */
export const REFUND_REASON_TEXT: Record<RefundReasonCode, string> = {
  admin: 'Refunded by Kholo',
  fan_problem: 'Refunded after you reported a problem',
  creator: 'Refunded by the creator',
  paid_for_removed_item: 'The item was removed before the payment arrived',
  already_unlocked: 'A second payment for an item already unlocked',
  late_payment: 'The payment arrived too late to be honoured',
  item_removed: 'The item was removed for breaking Kholo’s rules',
  dispute_lost: 'Returned by the bank after a dispute',
};

/** The same, in the words a creator reads about a sale of hers (her wallet, her emails). */
export const CREATOR_REFUND_REASON_TEXT: Record<RefundReasonCode, string> = {
  admin: 'Refunded by Kholo',
  fan_problem: 'Refunded by Kholo after the fan reported a problem',
  creator: 'You refunded it',
  paid_for_removed_item: 'The fan paid after the item was removed',
  already_unlocked: 'A second payment by a fan who already had it',
  late_payment: 'The payment arrived too late to be honoured',
  item_removed: 'Kholo hid the item for breaking its rules',
  dispute_lost: 'The fan’s bank took the payment back after a dispute',
};

/** The longest message a problem report takes. */
export const PROBLEM_MESSAGE_MAX_LENGTH = 2000;

export const REFUND_STATUSES = ['PENDING', 'PROCESSING', 'SUCCESS', 'FAILED'] as const;

/** How long a refund takes to reach the fan, by how she paid (the Refunds policy's words). */
export function refundArrivalText(method: string | null): string {
  if (method === 'upi') return '1–3 working days';
  if (method === 'card' || method === 'netbanking') return '5–7 working days';
  return 'up to 7 working days';
}

export const PROBLEM_REASONS = ['not_working', 'not_as_described', 'accidental', 'charged_twice', 'other'] as const;
export type ProblemReason = (typeof PROBLEM_REASONS)[number];
export const PROBLEM_REASON_TEXT: Record<ProblemReason, string> = {
  not_working: 'The photo or video does not open',
  not_as_described: 'It is not what was described',
  accidental: 'I bought it by accident',
  charged_twice: 'I was charged twice',
  other: 'Something else',
};

/** What a fan sees of an order on /purchases. */
export const PURCHASE_STATUSES = [
  'paid',
  'expired',
  'refunded',
  'refunding',
  'disputed',
  'failed',
  'cancelled',
] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const DISPUTE_STATES = ['OPEN', 'WON', 'LOST'] as const;
