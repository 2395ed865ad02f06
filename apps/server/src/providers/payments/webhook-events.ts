import { disputeFrom, isObject, refundFrom } from './cashfree-entities.js';
import type { GatewayDispute, GatewayRefund } from './payment-gateway.js';

/**
 * Cashfree's refund and dispute webhooks, read from a payload whose signature has already been
 * checked (webhook-signature.ts). Pure and defensive: anything that is not the event, or lacks
 * a field Kholo needs, is null, so the route can record the delivery and answer 200 without
 * acting on it (Cashfree disables an endpoint that keeps failing).
 */

/** The event types that carry a dispute (reference-2 §3.2). */
export const DISPUTE_WEBHOOK_TYPES = ['DISPUTE_CREATED', 'DISPUTE_UPDATED', 'DISPUTE_CLOSED'] as const;
export type DisputeWebhookType = (typeof DISPUTE_WEBHOOK_TYPES)[number];

/**
 * `REFUND_STATUS_WEBHOOK`, versions 2025-01-01 and 2023-08-01 (they differ only in fields read
 * by no one here). Cashfree documents it for SUCCESS and CANCELLED, but any status is passed
 * on: the caller treats a status it does not know as not final (reference-2 §2.4).
 */
export function refundWebhook(payload: unknown): GatewayRefund | null {
  if (!isObject(payload) || payload['type'] !== 'REFUND_STATUS_WEBHOOK') return null;
  const data = payload['data'];
  return isObject(data) ? refundFrom(data['refund']) : null;
}

/**
 * `DISPUTE_CREATED`, `DISPUTE_UPDATED` or `DISPUTE_CLOSED`: `data.dispute` with the order from
 * `data.order_details`. An escalation may come as an update of the same dispute id or as a new
 * dispute (reference-2 §3.2); both read the same here.
 */
export function disputeWebhook(payload: unknown): { type: DisputeWebhookType; dispute: GatewayDispute } | null {
  if (!isObject(payload)) return null;
  const type = DISPUTE_WEBHOOK_TYPES.find((known) => known === payload['type']);
  const data = payload['data'];
  if (type === undefined || !isObject(data)) return null;
  const dispute = disputeFrom(data['dispute'], data['order_details']);
  return dispute === null ? null : { type, dispute };
}
