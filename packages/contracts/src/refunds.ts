import { z } from 'zod';
import { mediaKind } from './content.js';
import { ORDER_ID_PATTERN } from './payments.js';
import {
  DISPUTE_STATES,
  PROBLEM_MESSAGE_MAX_LENGTH,
  PROBLEM_REASONS,
  PURCHASE_STATUSES,
  REFUND_REASONS,
  REFUND_STATUSES,
} from './refund-reasons.js';
import { adminReason } from './withdrawals.js';

/**
 * Money back (issue 22, ADR 021): refunds, the fan's purchases and her problem reports, the
 * creator's refunds of her own sales, and the admin's refunds and disputes.
 */

const orderId = z
  .string({ error: 'Please say which order.' })
  .trim()
  .regex(ORDER_ID_PATTERN, 'That is not a Kholo order id.');

export const refund = z.object({
  id: z.string(),
  orderId: z.string(),
  amountPaise: z.number().int(),
  reason: z.enum(REFUND_REASONS),
  /** The words of whoever asked, when shown to this reader (the admin's reason to the admin and fan). */
  note: z.string().nullable(),
  status: z.enum(REFUND_STATUSES),
  /** Taken back by the fan's bank (a lost dispute) rather than sent by Kholo. */
  viaBank: z.boolean(),
  /** The bank's reference for the refund, once processed. */
  arn: z.string().nullable(),
  /** How the fan paid: upi, card, netbanking, other; null when not known yet. */
  paymentMethod: z.string().nullable(),
  createdAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
});
export type Refund = z.infer<typeof refund>;

/** POST /api/admin/payments/refund. */
export const adminRefundInput = z.object({ orderId, reason: adminReason });
export type AdminRefundInput = z.infer<typeof adminRefundInput>;

/** POST /api/refunds: the creator refunds a sale of her own within 7 days; her wallet pays it back. */
export const creatorRefundInput = z.object({ orderId, reason: adminReason });
export type CreatorRefundInput = z.infer<typeof creatorRefundInput>;

export const refundResponse = z.object({ refund });
export type RefundResponse = z.infer<typeof refundResponse>;

/** POST /api/admin/refunds/retry: a refund the provider gave up on, sent again. */
export const retryRefundInput = z.object({
  id: z.string({ error: 'Please say which refund.' }).trim().min(1, 'Please say which refund.').max(64),
});

/** POST /api/purchases/report: "Report a problem" on a purchase, within 24 hours of paying. */
export const problemReportInput = z.object({
  orderId,
  reason: z.enum(PROBLEM_REASONS, { error: 'Please choose what went wrong.' }),
  message: z
    .string({ error: 'Please tell us what happened.' })
    .trim()
    .min(10, 'Please tell us what happened in a few words (at least 10 characters).')
    .max(PROBLEM_MESSAGE_MAX_LENGTH, `Please keep the message under ${PROBLEM_MESSAGE_MAX_LENGTH} characters.`),
});
export type ProblemReportInput = z.infer<typeof problemReportInput>;

export const problemReport = z.object({
  ticket: z.string(),
  orderId: z.string(),
  reason: z.enum(PROBLEM_REASONS),
  message: z.string(),
  status: z.enum(['OPEN', 'REFUNDED', 'CLOSED']),
  resolution: z.string().nullable(),
  createdAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
});
export type ProblemReport = z.infer<typeof problemReport>;

export const problemReportResponse = z.object({ report: problemReport });

export const purchase = z.object({
  orderId: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  amountPaise: z.number().int(),
  createdAt: z.number().int(),
  paidAt: z.number().int().nullable(),
  /** When her 14 days end (or ended); null when never paid or taken back. */
  accessUntil: z.number().int().nullable(),
  contentId: z.string(),
  contentTitle: z.string(),
  mediaKind,
  isAdultContent: z.boolean(),
  /** The blurred preview; null when she may no longer see it (off sale and not hers now). */
  previewUrl: z.string().nullable(),
  /** The original, only while she holds it (status paid). */
  downloadUrl: z.string().nullable(),
  /** Whole days left of her 14 (SPEC §4) while she holds it; null otherwise. */
  daysLeft: z.number().int().nullable(),
  /** The item's price now, for "unlock again"; null when it can no longer be bought. */
  priceNowPaise: z.number().int().nullable(),
  creatorId: z.string(),
  creatorName: z.string(),
  creatorHandle: z.string(),
  paymentMethod: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  refund: refund.nullable(),
  report: problemReport.nullable(),
  /** She may still report a problem (paid, within 24 hours, none reported, not refunded). */
  canReport: z.boolean(),
});
export type Purchase = z.infer<typeof purchase>;

/** GET /api/purchases: the signed-in fan's orders that reached a payment, newest first. */
export const purchasesResponse = z.object({ items: z.array(purchase) });
export type PurchasesResponse = z.infer<typeof purchasesResponse>;

/** GET /api/admin/problem-reports: open tickets first, then the latest answered. */
export const adminProblemReport = problemReport.extend({
  fanEmail: z.string(),
  amountPaise: z.number().int(),
  paidAt: z.number().int().nullable(),
  contentTitle: z.string(),
  creatorHandle: z.string(),
  refund: refund.nullable(),
});
export type AdminProblemReport = z.infer<typeof adminProblemReport>;
export const adminProblemReportList = z.object({ items: z.array(adminProblemReport) });

/** POST /api/admin/problem-reports/close: answered without a refund; the fan is emailed the answer. */
export const closeProblemReportInput = z.object({
  ticket: z.string({ error: 'Please say which ticket.' }).trim().min(1, 'Please say which ticket.').max(32),
  resolution: adminReason,
});

/** GET /api/admin/contents/refund-preview?id=: what hiding an item would refund. */
export const hideRefundPreview = z.object({ fans: z.number().int(), amountPaise: z.number().int() });
export type HideRefundPreview = z.infer<typeof hideRefundPreview>;

/** GET /api/admin/disputes: open ones first (by respond-by), then the latest closed. */
export const adminDispute = z.object({
  id: z.string(),
  orderId: z.string(),
  stage: z.string(),
  providerStatus: z.string(),
  state: z.enum(DISPUTE_STATES),
  amountPaise: z.number().int(),
  reasonCode: z.string().nullable(),
  reasonDescription: z.string().nullable(),
  respondBy: z.number().int().nullable(),
  heldPaise: z.number().int(),
  createdAt: z.number().int(),
  resolvedAt: z.number().int().nullable(),
  creatorId: z.string(),
  creatorHandle: z.string(),
  /** What Kholo has to contest it with. */
  evidence: z.object({
    fanEmail: z.string(),
    contentTitle: z.string(),
    orderCreatedAt: z.number().int(),
    paidAt: z.number().int().nullable(),
    providerPaymentId: z.string().nullable(),
    paymentMethod: z.string().nullable(),
    unlockedAt: z.number().int().nullable(),
    accessUntil: z.number().int().nullable(),
    /** When the fan first and last opened the file; null when never. */
    firstViewedAt: z.number().int().nullable(),
    lastViewedAt: z.number().int().nullable(),
    views: z.number().int(),
    /** SHA-256 of the IP the order was placed from (first 16 hex); null when not recorded. */
    ipHash: z.string().nullable(),
    refundedAt: z.number().int().nullable(),
  }),
});
export type AdminDispute = z.infer<typeof adminDispute>;
export const adminDisputeList = z.object({ items: z.array(adminDispute) });
