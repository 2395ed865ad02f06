import { rupeesToPaise } from '@kholo/contracts';
import { disputeOutcome, type GatewayDispute, type GatewayRefund, type PaymentMethodGroup } from './payment-gateway.js';

/**
 * Cashfree's refund and dispute objects read leniently, for both the API's answers and the
 * webhooks (reference-2 §2.3, §2.7, §3.2, §3.3): the two differ in small ways (ids as JSON
 * numbers or strings, `entity` spelt "refund" or "Refund", flat or nested speed fields), and
 * only the fields Kholo acts on are read. Each answers null when a field it needs is missing
 * or of the wrong type; the caller decides whether that is an error or an ignored delivery.
 */

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An id Cashfree may send as a string or a JSON number (reference-2 §0.7). A number past 2^53
 * has already lost digits in JSON.parse, so it is refused rather than stored wrong.
 */
export function idText(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return String(value);
  return null;
}

/** Cashfree's timestamps are ISO 8601 with an offset (IST); null when absent or unreadable. */
export function timeOf(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/**
 * payment_group as the refund policy groups its timings: UPI reaches the fan in days, cards and
 * net banking take longer (reference-2 §2.5).
 */
export function paymentMethodOf(group: unknown): PaymentMethodGroup | null {
  if (typeof group !== 'string' || group === '') return null;
  if (group === 'upi') return 'upi';
  if (CARD_GROUPS.has(group)) return 'card';
  if (group === 'net_banking') return 'netbanking';
  return 'other';
}

const CARD_GROUPS = new Set(['credit_card', 'debit_card', 'credit_card_emi', 'debit_card_emi', 'card']);

/** A refund entity (API) or `data.refund` (REFUND_STATUS_WEBHOOK, versions 2023-08-01 and 2025-01-01). */
export function refundFrom(value: unknown): GatewayRefund | null {
  if (!isObject(value)) return null;
  const orderId = textOrNull(value['order_id']);
  const refundId = textOrNull(value['refund_id']);
  const status = textOrNull(value['refund_status']);
  const amountPaise = rupeesToPaise(value['refund_amount']);
  if (orderId === null || refundId === null || status === null || amountPaise === null) return null;
  return {
    orderId,
    refundId,
    providerRefundId: idText(value['cf_refund_id']),
    status,
    amountPaise,
    // A bank reference is text, but nothing stops one arriving as a number.
    arn: idText(value['refund_arn']),
    description: textOrNull(value['status_description']),
    processedAt: timeOf(value['processed_at']),
  };
}

/**
 * A dispute: the API's DisputesEntity (order_details inside it) or a dispute webhook's
 * `data.dispute` with its sibling `data.order_details`. The webhook carries no resolved_at;
 * a dispute whose status is an outcome was resolved when it was last updated.
 */
export function disputeFrom(value: unknown, orderDetails: unknown): GatewayDispute | null {
  if (!isObject(value) || !isObject(orderDetails)) return null;
  const disputeId = idText(value['dispute_id']);
  const orderId = textOrNull(orderDetails['order_id']);
  const stage = textOrNull(value['dispute_type']);
  const status = textOrNull(value['dispute_status']);
  const amountPaise = rupeesToPaise(value['dispute_amount']);
  if (disputeId === null || orderId === null || stage === null || status === null || amountPaise === null) return null;
  const updatedAt = timeOf(value['updated_at']);
  const resolvedAt = timeOf(value['resolved_at']) ?? (disputeOutcome(status) === null ? null : updatedAt);
  return {
    disputeId,
    orderId,
    stage,
    status,
    amountPaise,
    // Reason codes come from card networks and NPCI ("13.6", "1402"); a number is kept as written.
    reasonCode:
      typeof value['reason_code'] === 'number' ? String(value['reason_code']) : textOrNull(value['reason_code']),
    reasonDescription: textOrNull(value['reason_description']),
    respondBy: timeOf(value['respond_by']),
    createdAt: timeOf(value['created_at']),
    updatedAt,
    resolvedAt,
  };
}
