import { createHash, randomInt } from 'node:crypto';
import { z } from 'zod';
import { paiseToRupees, rupeesDecimalText, rupeesToPaise } from '@kholo/contracts';
import { istTimestamp } from '../cashfree-gateway.js';

/**
 * Refunds as the simulator keeps them, inside their order (reference-2 §2.9): created PENDING,
 * then, when the bank answers (`settlesAt`), SUCCESS with an ARN, CANCELLED, or ONHOLD; a
 * refund told to stay PENDING never carries `settlesAt`. Like a pending payment attempt, the
 * answer is applied lazily by the clock (refundsAt) and recorded by whoever writes the order.
 */
export interface SimRefund {
  refundId: string;
  cfRefundId: string;
  /** The successful attempt it gives back. */
  cfPaymentId: string;
  amountPaise: number;
  note: string | null;
  requestedSpeed: RefundSpeed;
  acceptedSpeed: RefundSpeed;
  status: SimRefundStatus;
  /** The bank's reference, once SUCCESS. */
  arn: string | null;
  createdAt: number;
  /** When the bank answered (SUCCESS, CANCELLED or ONHOLD). */
  settledAt: number | null;
  /** While the bank has yet to answer: when it will, and with what. Absent once it has. */
  settlesAt?: number | undefined;
  settlesTo?: RefundFinal | undefined;
}

export type SimRefundStatus = 'PENDING' | 'SUCCESS' | 'CANCELLED' | 'ONHOLD';
type RefundSpeed = 'STANDARD' | 'INSTANT';
type RefundFinal = 'SUCCESS' | 'CANCELLED' | 'ONHOLD';

/** What a new refund turns into (the `refundOutcome` switch); PENDING stays pending for ever. */
export const SIM_REFUND_OUTCOMES = ['SUCCESS', 'CANCELLED', 'ONHOLD', 'PENDING'] as const;
export type SimRefundOutcome = (typeof SIM_REFUND_OUTCOMES)[number];

/** Refunds per order: Cashfree allows several partial ones; a cap keeps a row small. */
export const MAX_REFUNDS_PER_ORDER = 20;

/** A request the simulator refuses, as Cashfree would answer it. */
export interface SimRefusal {
  status: number;
  code: string;
  message: string;
}

export const simRefundSchema = z.object({
  refundId: z.string(),
  cfRefundId: z.string(),
  cfPaymentId: z.string(),
  amountPaise: z.number().int(),
  note: z.string().nullable(),
  requestedSpeed: z.enum(['STANDARD', 'INSTANT']),
  acceptedSpeed: z.enum(['STANDARD', 'INSTANT']),
  status: z.enum(['PENDING', 'SUCCESS', 'CANCELLED', 'ONHOLD']),
  arn: z.string().nullable(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
  settlesAt: z.number().optional(),
  settlesTo: z.enum(['SUCCESS', 'CANCELLED', 'ONHOLD']).optional(),
});

export interface RefundRequest {
  refundId: string;
  amountPaise: number;
  note: string | null;
  speed: RefundSpeed;
}

/** Validates a Create Refund body as reference-2 §2.9 describes Cashfree's rules. */
export function parseRefundRequest(body: unknown): RefundRequest | SimRefusal {
  const problem = (field: string, reason: string): SimRefusal => ({
    status: 400,
    code: `${field}_invalid`,
    message: `${field} : ${reason}`,
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return problem('body', 'must be a JSON object');
  const input = body as Record<string, unknown>;
  const refundId = input['refund_id'];
  if (typeof refundId !== 'string' || !/^[A-Za-z0-9_-]{3,40}$/.test(refundId)) {
    return problem('refund_id', 'must be 3-40 letters, digits, _ or -');
  }
  const amountPaise = rupeesToPaise(input['refund_amount']);
  if (amountPaise === null || amountPaise <= 0) {
    return problem('refund_amount', 'must be more than 0 with at most 2 decimals');
  }
  const note = input['refund_note'];
  if (note !== undefined && note !== null && (typeof note !== 'string' || note.length < 3 || note.length > 100)) {
    return problem('refund_note', 'must be 3-100 characters');
  }
  const speed = input['refund_speed'] ?? 'STANDARD';
  if (speed !== 'STANDARD' && speed !== 'INSTANT') return problem('refund_speed', 'must be STANDARD or INSTANT');
  return { refundId, amountPaise, note: typeof note === 'string' ? note : null, speed };
}

/**
 * A new PENDING refund. INSTANT is accepted only for cards and UPI (reference-2 §2.9, a guess);
 * otherwise the refund goes STANDARD, as Cashfree falls back.
 */
export function newRefund(
  request: RefundRequest,
  payment: { cfPaymentId: string; method: string },
  now: number,
  timing: { outcome: SimRefundOutcome; settleAfterMs: number },
): SimRefund {
  const instant = request.speed === 'INSTANT' && (payment.method === 'card' || payment.method === 'upi');
  return {
    refundId: request.refundId,
    cfRefundId: String(randomInt(10_000_000, 2_000_000_000)),
    cfPaymentId: payment.cfPaymentId,
    amountPaise: request.amountPaise,
    note: request.note,
    requestedSpeed: request.speed,
    acceptedSpeed: instant ? 'INSTANT' : 'STANDARD',
    status: 'PENDING',
    arn: null,
    createdAt: now,
    settledAt: null,
    ...(timing.outcome === 'PENDING' ? {} : { settlesAt: now + timing.settleAfterMs, settlesTo: timing.outcome }),
  };
}

/** Whether a refund still holds part of the payment (what is left to refund excludes it). */
export function holdsAmount(refund: SimRefund): boolean {
  return refund.status !== 'CANCELLED';
}

/** The refunds at `now`: each whose bank answer is due takes it; `settled` lists those that did. */
export function refundsAt(refunds: readonly SimRefund[], now: number): { refunds: SimRefund[]; settled: SimRefund[] } {
  const settled: SimRefund[] = [];
  const next = refunds.map((refund) => {
    if (refund.status !== 'PENDING' || refund.settlesAt === undefined || refund.settlesAt > now) return refund;
    const { settlesAt, settlesTo, ...rest } = refund;
    const status = settlesTo ?? 'SUCCESS';
    const answered: SimRefund = {
      ...rest,
      status,
      settledAt: settlesAt,
      arn: status === 'SUCCESS' ? refundArn(refund.cfRefundId) : null,
    };
    settled.push(answered);
    return answered;
  });
  return { refunds: next, settled };
}

/**
 * A 12-digit bank reference, derived from the refund so that every read before the answer is
 * recorded shows the same one (the answer is applied lazily, on each read).
 */
function refundArn(cfRefundId: string): string {
  const digest = createHash('sha256').update(`arn:${cfRefundId}`).digest('hex');
  return String(Number.parseInt(digest.slice(0, 12), 16) % 1e12).padStart(12, '0');
}

const DESCRIPTIONS: Record<SimRefundStatus, string> = {
  PENDING: 'In Progress',
  SUCCESS: 'Refund processed successfully',
  CANCELLED: 'Refund cancelled: the bank could not credit the customer after several attempts (simulated)',
  ONHOLD: 'Refund on hold: insufficient unsettled balance (simulated)',
};

/** The refund entity of the API (reference-2 §2.3, §2.9): string ids, `entity: "refund"`, a speed object. */
export function refundEntity(orderId: string, refund: SimRefund) {
  return {
    cf_payment_id: refund.cfPaymentId,
    cf_refund_id: refund.cfRefundId,
    order_id: orderId,
    refund_id: refund.refundId,
    entity: 'refund',
    refund_amount: paiseToRupees(refund.amountPaise),
    refund_currency: 'INR',
    refund_note: refund.note,
    refund_status: refund.status,
    refund_arn: refund.arn,
    refund_charge: 0,
    status_description: DESCRIPTIONS[refund.status],
    metadata: null,
    refund_splits: [],
    refund_type: 'MERCHANT_INITIATED',
    refund_mode: refund.acceptedSpeed,
    created_at: istTimestamp(refund.createdAt),
    processed_at: refund.status === 'SUCCESS' && refund.settledAt !== null ? istTimestamp(refund.settledAt) : null,
    refund_speed: {
      requested: refund.requestedSpeed,
      accepted: refund.acceptedSpeed,
      processed: refund.status === 'SUCCESS' ? refund.acceptedSpeed : null,
      message: refund.requestedSpeed === refund.acceptedSpeed ? null : 'instant refund not available',
    },
  };
}

/** Cashfree sends a refund webhook only for these (reference-2 §2.4). */
export function refundSendsWebhook(refund: SimRefund): boolean {
  return refund.status === 'SUCCESS' || refund.status === 'CANCELLED';
}

/**
 * REFUND_STATUS_WEBHOOK, version 2025-01-01 (reference-2 §2.7), as text: integer cf ids,
 * `entity: "Refund"`, flat speed fields and 2-decimal amounts, as Cashfree writes them.
 */
export function refundWebhookBody(orderId: string, refund: SimRefund, now: number): string {
  const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
  const processedAt = refund.status === 'SUCCESS' && refund.settledAt !== null ? istTimestamp(refund.settledAt) : null;
  return (
    `{"data":{"refund":{"cf_refund_id":${refund.cfRefundId},"cf_payment_id":${refund.cfPaymentId},` +
    `"refund_id":${text(refund.refundId)},"order_id":${text(orderId)},` +
    `"refund_amount":${rupeesDecimalText(refund.amountPaise)},"refund_currency":"INR","entity":"Refund",` +
    `"refund_type":"MERCHANT_INITIATED","refund_arn":${text(refund.arn)},"refund_status":${text(refund.status)},` +
    `"status_description":${text(DESCRIPTIONS[refund.status])},"created_at":${text(istTimestamp(refund.createdAt))},` +
    `"processed_at":${text(processedAt)},"refund_note":${text(refund.note)},"refund_splits":[],"metadata":null,` +
    `"requested_speed":${text(refund.requestedSpeed)},"processed_speed":${text(refund.status === 'SUCCESS' ? refund.acceptedSpeed : null)},` +
    `"service_charge":0.00,"service_tax":0.00,"forex_conversion_handling_charge":null,` +
    `"forex_conversion_handling_tax":null,"forex_conversion_rate":null,"charges_currency":null}},` +
    `"event_time":${text(istTimestamp(now))},"type":"REFUND_STATUS_WEBHOOK"}`
  );
}
