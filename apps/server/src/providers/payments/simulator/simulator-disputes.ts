import { z } from 'zod';
import { paiseToRupees, rupeesDecimalText } from '@kholo/contracts';
import { istTimestamp } from '../cashfree-gateway.js';
import type { SimRefusal } from './simulator-refunds.js';

/**
 * Disputes as the simulator keeps them, inside their order (reference-2 §3.5). A test or an
 * admin raises one for a paid order (the fan's bank would), resolves it, or escalates it; one
 * nobody answered by respond_by closes as lost, lazily by the clock (disputesAt). Its status is
 * always `<TYPE>_<SUB>` (reference-2 §3.1).
 */
export interface SimDispute {
  /** Digits below 2^31: the SDKs type it int32. */
  disputeId: string;
  type: DisputeType;
  status: string;
  amountPaise: number;
  reasonCode: string;
  reasonDescription: string;
  cfPaymentId: string;
  remarks: string;
  createdAt: number;
  updatedAt: number;
  respondBy: number;
  resolvedAt: number | null;
  /** While open: when it closes unanswered (its respond_by). Absent once it has an outcome. */
  lapsesAt?: number | undefined;
}

export const DISPUTE_TYPES = ['DISPUTE', 'RETRIEVAL', 'CHARGEBACK', 'PRE_ARBITRATION', 'ARBITRATION'] as const;
export type DisputeType = (typeof DISPUTE_TYPES)[number];
/** How an admin or a test may end a dispute (accepting it is the merchant's, not the bank's). */
export const DISPUTE_RESOLUTIONS = ['MERCHANT_WON', 'MERCHANT_LOST'] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

/** Disputes per order; a cap keeps a row small. */
export const MAX_DISPUTES_PER_ORDER = 10;

export const simDisputeSchema = z.object({
  disputeId: z.string(),
  type: z.enum(DISPUTE_TYPES),
  status: z.string(),
  amountPaise: z.number().int(),
  reasonCode: z.string(),
  reasonDescription: z.string(),
  cfPaymentId: z.string(),
  remarks: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  respondBy: z.number(),
  resolvedAt: z.number().nullable(),
  lapsesAt: z.number().optional(),
});

const HOUR = 60 * 60_000;

/** The control route's body, and the in-process openDispute()'s argument. */
export const openDisputeSchema = z.object({
  orderId: z.string().min(3).max(45),
  type: z.enum(DISPUTE_TYPES).default('CHARGEBACK'),
  amountPaise: z.number().int().positive().optional(),
  reasonCode: z.string().min(1).max(20).default('13.6'),
  reasonDescription: z.string().min(1).max(200).default('Credit not processed'),
  /** Cashfree gives 1–3 days (reference-2 §3.4); up to 30 days here, for tests on a real clock. */
  respondInHours: z
    .number()
    .positive()
    .max(30 * 24)
    .default(72),
});
export type OpenDisputeRequest = z.input<typeof openDisputeSchema>;
export type OpenDispute = z.output<typeof openDisputeSchema>;

export const escalateDisputeSchema = z.object({
  respondInHours: z
    .number()
    .positive()
    .max(30 * 24)
    .optional(),
});

export function newDispute(
  request: OpenDispute,
  disputeId: string,
  payment: { cfPaymentId: string; amountPaise: number },
  now: number,
): SimDispute | SimRefusal {
  const amountPaise = request.amountPaise ?? payment.amountPaise;
  if (amountPaise > payment.amountPaise) {
    return { status: 400, code: 'dispute_amount_invalid', message: 'dispute amount is more than the payment' };
  }
  const respondBy = now + Math.round(request.respondInHours * HOUR);
  return {
    disputeId,
    type: request.type,
    status: `${request.type}_CREATED`,
    amountPaise,
    reasonCode: request.reasonCode,
    reasonDescription: request.reasonDescription,
    cfPaymentId: payment.cfPaymentId,
    remarks: 'Dispute is created, please take action',
    createdAt: now,
    updatedAt: now,
    respondBy,
    resolvedAt: null,
    lapsesAt: respondBy,
  };
}

export function isOpen(dispute: SimDispute): boolean {
  return dispute.resolvedAt === null;
}

/** The bank's ruling on an open dispute. */
export function resolveDispute(dispute: SimDispute, outcome: DisputeResolution, now: number): SimDispute | SimRefusal {
  if (!isOpen(dispute)) return alreadyClosed(dispute);
  const { lapsesAt: _lapsesAt, ...rest } = dispute;
  return {
    ...rest,
    status: `${dispute.type}_${outcome}`,
    remarks:
      outcome === 'MERCHANT_WON'
        ? 'Dispute closed in favour of the merchant'
        : 'Dispute closed in favour of the customer',
    updatedAt: now,
    resolvedAt: now,
  };
}

/** How long the next stage gives the merchant to answer (reference-2 §3.4). */
const NEXT_STAGE: Partial<Record<DisputeType, { type: DisputeType; respondInHours: number }>> = {
  DISPUTE: { type: 'PRE_ARBITRATION', respondInHours: 48 },
  RETRIEVAL: { type: 'PRE_ARBITRATION', respondInHours: 48 },
  CHARGEBACK: { type: 'PRE_ARBITRATION', respondInHours: 48 },
  PRE_ARBITRATION: { type: 'ARBITRATION', respondInHours: 24 },
};

/**
 * The fan's bank takes it a level up: the same dispute id moves to the next stage and opens
 * again, as Cashfree's DISPUTE_UPDATED describes ("moves into further stages"). The fan can do
 * this after a merchant win too (reference-2 §3.1), but not after the fan has already won.
 */
export function escalateDispute(dispute: SimDispute, now: number, respondInHours?: number): SimDispute | SimRefusal {
  const next = NEXT_STAGE[dispute.type];
  if (next === undefined) {
    return { status: 400, code: 'dispute_not_escalable', message: `${dispute.type} is the last stage` };
  }
  if (!isOpen(dispute) && !dispute.status.endsWith('_MERCHANT_WON')) return alreadyClosed(dispute);
  const respondBy = now + Math.round((respondInHours ?? next.respondInHours) * HOUR);
  return {
    ...dispute,
    type: next.type,
    status: `${next.type}_CREATED`,
    remarks: 'Dispute escalated to the next stage, please take action',
    updatedAt: now,
    respondBy,
    resolvedAt: null,
    lapsesAt: respondBy,
  };
}

function alreadyClosed(dispute: SimDispute): SimRefusal {
  return { status: 400, code: 'dispute_already_closed', message: `dispute is closed as ${dispute.status}` };
}

/**
 * The disputes at `now`: one still open after its respond_by is ruled for the customer, as
 * Cashfree warns ("The dispute will be ruled in favour of the customer if you don't respond");
 * the status it then takes is a guess (reference-2 §3.5). `lapsed` lists those that closed.
 */
export function disputesAt(
  disputes: readonly SimDispute[],
  now: number,
): { disputes: SimDispute[]; lapsed: SimDispute[] } {
  const lapsed: SimDispute[] = [];
  const next = disputes.map((dispute) => {
    if (dispute.lapsesAt === undefined || now <= dispute.lapsesAt) return dispute;
    const { lapsesAt, ...rest } = dispute;
    const closed: SimDispute = {
      ...rest,
      status: `${dispute.type}_INSUFFICIENT_EVIDENCE`,
      remarks: 'No response by the due date: closed in favour of the customer',
      updatedAt: lapsesAt,
      resolvedAt: lapsesAt,
    };
    lapsed.push(closed);
    return closed;
  });
  return { disputes: next, lapsed };
}

/** What a dispute shows of its order. */
export interface DisputedOrder {
  orderId: string;
  amountPaise: number;
  customer: Record<string, string>;
}

const PREFERRED_EVIDENCE = [
  {
    document_type: 'Proof of Service Used',
    document_description: 'Show that the customer used the service: when it was opened, from which device, how often',
  },
];

function orderDetails(order: DisputedOrder, dispute: SimDispute) {
  return {
    order_id: order.orderId,
    order_amount: paiseToRupees(order.amountPaise),
    order_currency: 'INR',
    cf_payment_id: dispute.cfPaymentId,
    payment_amount: paiseToRupees(order.amountPaise),
    payment_currency: 'INR',
  };
}

function customerDetails(order: DisputedOrder) {
  return {
    customer_name: order.customer['customer_name'] ?? null,
    customer_phone: order.customer['customer_phone'] ?? null,
    customer_email: order.customer['customer_email'] ?? null,
  };
}

/** DisputesEntity of the API (reference-2 §3.3); dispute_id a JSON number, as the SDKs type it. */
export function disputeEntity(order: DisputedOrder, dispute: SimDispute) {
  return {
    dispute_id: Number(dispute.disputeId),
    dispute_type: dispute.type,
    reason_code: dispute.reasonCode,
    reason_description: dispute.reasonDescription,
    dispute_amount: paiseToRupees(dispute.amountPaise),
    dispute_amount_currency: 'INR',
    created_at: istTimestamp(dispute.createdAt),
    respond_by: istTimestamp(dispute.respondBy),
    updated_at: istTimestamp(dispute.updatedAt),
    resolved_at: dispute.resolvedAt === null ? null : istTimestamp(dispute.resolvedAt),
    dispute_status: dispute.status,
    cf_dispute_remarks: dispute.remarks,
    preferred_evidence: PREFERRED_EVIDENCE,
    dispute_evidence: [],
    order_details: orderDetails(order, dispute),
    customer_details: customerDetails(order),
  };
}

export type DisputeEventType = 'DISPUTE_CREATED' | 'DISPUTE_UPDATED' | 'DISPUTE_CLOSED';

/**
 * A dispute webhook (reference-2 §3.2) as text: dispute_id a string and cf_payment_id a number,
 * as in Cashfree's sample, and 2-decimal amounts. The sample has no resolved_at, so neither
 * does this; a closed dispute's updated_at is when it closed.
 */
export function disputeWebhookBody(
  type: DisputeEventType,
  order: DisputedOrder,
  dispute: SimDispute,
  now: number,
): string {
  const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
  const amount = rupeesDecimalText(dispute.amountPaise);
  const orderAmount = rupeesDecimalText(order.amountPaise);
  return (
    `{"data":{"dispute":{"dispute_id":${text(dispute.disputeId)},"dispute_type":${text(dispute.type)},` +
    `"reason_code":${text(dispute.reasonCode)},"reason_description":${text(dispute.reasonDescription)},` +
    `"dispute_amount":${amount},"created_at":${text(istTimestamp(dispute.createdAt))},` +
    `"updated_at":${text(istTimestamp(dispute.updatedAt))},"respond_by":${text(istTimestamp(dispute.respondBy))},` +
    `"dispute_status":${text(dispute.status)},"cf_dispute_remarks":${text(dispute.remarks)},` +
    `"dispute_action_on":${text(isOpen(dispute) ? 'MERCHANT' : null)}},` +
    `"order_details":{"order_id":${text(order.orderId)},"order_amount":${orderAmount},"order_currency":"INR",` +
    `"cf_payment_id":${dispute.cfPaymentId},"payment_amount":${orderAmount},"payment_currency":"INR"},` +
    `"customer_details":${JSON.stringify(customerDetails(order))}},` +
    `"event_time":${text(istTimestamp(now))},"type":${text(type)}}`
  );
}
