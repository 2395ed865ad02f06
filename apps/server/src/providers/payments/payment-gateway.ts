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
}

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
