/**
 * What Kholo needs from a payment gateway, in Cashfree PG's terms (reference/payment-providers.md
 * §1). Amounts cross this boundary in integer paise; the adapter converts to rupees on the wire.
 */
export interface PaymentGateway {
  /** Creates the order at the provider. Safe to call again with the same orderId (idempotent). */
  createOrder(order: NewGatewayOrder): Promise<GatewayOrder>;
  /** An order the provider does not know fails with kind not_found (Cashfree: 404, or a 400). */
  getOrder(orderId: string): Promise<GatewayOrder>;
  /** Every payment attempt on the order, in the provider's order (undocumented; sort by time). */
  getPayments(orderId: string): Promise<GatewayPayment[]>;
  /**
   * Asks the provider to refund a paid order (Cashfree `POST /pg/orders/{order_id}/refunds`,
   * reference-2 §2). `refundId` is ours and doubles as the idempotency key: asking again with the
   * same id and amount answers the refund already made, never a second one. After a 5xx or a
   * timeout the refund is looked up before the create is sent again; a refusal (4xx) is looked
   * up too, and answered with the refund when one with this id and amount exists. Otherwise it
   * throws: `rejected` (not paid, too much, the id already used for another amount), `not_found`
   * (an unknown order), or `unavailable`/`rate_limited` when the outcome is unknown.
   */
  createRefund(refund: NewGatewayRefund): Promise<GatewayRefund>;
  /** One refund by our id; not_found when the provider has none. */
  getRefund(orderId: string, refundId: string): Promise<GatewayRefund>;
  /** A dispute by the provider's id (Cashfree `GET /pg/disputes/{dispute_id}`); not_found when unknown. */
  getDispute(disputeId: string): Promise<GatewayDispute>;
  /**
   * Starts a UPI attempt on an order (Cashfree Order Pay, `POST /pg/orders/sessions`,
   * reference-2 §1): intent links for a phone (`link`) or a QR image for a laptop (`qrcode`).
   * Every call is a new attempt, PENDING until the fan answers in her UPI app; its outcome comes
   * like any payment's (webhook, getPayments). Refusals throw `rejected` with Cashfree's code,
   * read by `upiRefusalOf`; the outcome of a 5xx or timeout is unknown (`unavailable`).
   */
  payOrderUpi(request: GatewayUpiRequest): Promise<GatewayUpiPayment>;
}

/** Cashfree's order-pay UPI channels Kholo uses; never `collect` (NPCI is retiring it, reference-2 §1.7). */
export type GatewayUpiChannel = 'link' | 'qrcode';

export interface GatewayUpiRequest {
  /** The order's payment_session_id, which is the credential of this call. */
  paymentSessionId: string;
  channel: GatewayUpiChannel;
}

/**
 * Cashfree's intent links (reference-2 §1.3): `default` is the generic `upi://pay?…` (Android
 * offers every UPI app), the others open one app by its own scheme (what iOS needs). An app
 * Cashfree leaves out is null.
 */
export interface GatewayUpiLinks {
  default: string;
  gpay: string | null;
  phonepe: string | null;
  paytm: string | null;
  bhim: string | null;
}

/** The new attempt: its cf_payment_id as text, and its links or its QR (`data:image/png;base64,…`). */
export type GatewayUpiPayment = { paymentId: string } & (
  { channel: 'link'; links: GatewayUpiLinks } | { channel: 'qrcode'; qrImage: string }
);

/**
 * Why Cashfree refused an order-pay call, from its code (reference-2 §1.4): the order can no
 * longer be paid (expired, terminated or paid), the session is unknown or expired, or the account
 * may not use order pay (the S2S flag is off; Cashfree's exact code is a guess, `request_failed`,
 * or `payment_failed` "Payment components are either not enabled…"). Null for anything else.
 */
export type UpiRefusal = 'order_inactive' | 'session_invalid' | 'not_enabled';

export function upiRefusalOf(error: PaymentGatewayError): UpiRefusal | null {
  // A 4xx that names its reason; an outage or a refused key says nothing about the order.
  if (error.kind !== 'rejected' && error.kind !== 'not_found' && error.kind !== 'conflict') return null;
  switch (error.details.code) {
    case 'order_inactive':
      return 'order_inactive';
    case 'payment_session_id_invalid':
      return 'session_invalid';
    case 'request_failed':
    case 'payment_failed':
      return 'not_enabled';
    default:
      return null;
  }
}

export interface NewGatewayRefund {
  orderId: string;
  /** Ours, `[A-Za-z0-9_]{3,40}`. */
  refundId: string;
  amountPaise: number;
  /** 3–100 characters. */
  note: string;
}

/** Cashfree's refund_status values (reference-2 §2.4); anything else is taken as not final. */
export type GatewayRefundStatus = 'PENDING' | 'SUCCESS' | 'CANCELLED' | 'ONHOLD' | 'FAILED';

export interface GatewayRefund {
  orderId: string;
  refundId: string;
  /** The provider's id (cf_refund_id), as text. */
  providerRefundId: string | null;
  status: GatewayRefundStatus | (string & {});
  amountPaise: number;
  /** The bank's reference for the refund (refund_arn), once processed. */
  arn: string | null;
  /** status_description, for the admin's log. */
  description: string | null;
  processedAt: number | null;
}

/**
 * A chargeback or complaint raised by the fan's bank (reference-2 §3). `stage` is the dispute_type
 * (DISPUTE, RETRIEVAL, CHARGEBACK, PRE_ARBITRATION, ARBITRATION); `status` is `<TYPE>_<SUB>`.
 */
export interface GatewayDispute {
  disputeId: string;
  orderId: string;
  stage: string;
  status: string;
  amountPaise: number;
  reasonCode: string | null;
  reasonDescription: string | null;
  /** When the merchant must answer by (respond_by). */
  respondBy: number | null;
  createdAt: number | null;
  updatedAt: number | null;
  resolvedAt: number | null;
}

/** How a dispute ended for us, read from its status; null while it is open. */
export type DisputeOutcome = 'won' | 'lost';

/** `<TYPE>_MERCHANT_WON` → won; `_MERCHANT_LOST`, `_MERCHANT_ACCEPTED`, `_INSUFFICIENT_EVIDENCE` → lost. */
export function disputeOutcome(status: string): DisputeOutcome | null {
  if (status.endsWith('_MERCHANT_WON')) return 'won';
  if (/_(MERCHANT_LOST|MERCHANT_ACCEPTED|INSUFFICIENT_EVIDENCE)$/.test(status)) return 'lost';
  return null;
}

export interface NewGatewayOrder {
  orderId: string;
  amountPaise: number;
  customer: { id: string; email: string; name: string; phone: string };
  returnUrl: string;
  note: string;
  tags: Record<string, string>;
  /** Epoch ms after which the order can no longer be paid. */
  expiresAt: number;
}

/** Cashfree's order_status values. */
export type GatewayOrderStatus = 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED' | 'TERMINATION_REQUESTED';

export interface GatewayOrder {
  orderId: string;
  status: GatewayOrderStatus | (string & {});
  amountPaise: number;
  currency: string;
  paymentSessionId: string | null;
}

/** Cashfree's payment_status values. */
export type GatewayPaymentStatus =
  'SUCCESS' | 'NOT_ATTEMPTED' | 'FAILED' | 'USER_DROPPED' | 'VOID' | 'CANCELLED' | 'PENDING';

export interface GatewayPayment {
  paymentId: string;
  status: GatewayPaymentStatus | (string & {});
  amountPaise: number;
  currency: string;
  /** Epoch ms of the attempt, when the provider says. */
  time: number | null;
  /** How the fan paid (from payment_group), which decides how long a refund takes to reach her. */
  method: PaymentMethodGroup | null;
}

/** payment_group, grouped as the Refunds policy words its timings. */
export type PaymentMethodGroup = 'upi' | 'card' | 'netbanking' | 'other';

export type GatewayErrorKind =
  /** Our keys were refused: a configuration problem, not worth retrying. */
  | 'auth'
  /** The provider refused the request as invalid. */
  | 'rejected'
  | 'not_found'
  | 'conflict'
  /** 429: over Cashfree's per-minute limit. Not retried at once; ask again later. */
  | 'rate_limited'
  /** 5xx, timeout or network failure: the answer is unknown, try again later. */
  | 'unavailable';

export class PaymentGatewayError extends Error {
  override name = 'PaymentGatewayError';
  constructor(
    readonly kind: GatewayErrorKind,
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      type?: string;
      /** On a 429: how long Cashfree asks us to wait (its x-ratelimit-retry header). */
      retryAfterMs?: number;
    } = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
