import type { CheckoutMode, UpiApp } from '@kholo/contracts';
import type { Clock } from '../../lib/clock.js';
import type { HoldLease } from '../../lib/leases.js';
import type { PaymentGateway } from '../../providers/payments/payment-gateway.js';
import type { ContentRepository } from '../content/index.js';
import type { OrdersRepository } from './orders-repository.js';
import type { Settle } from './settlement.js';

export interface PaymentsLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the payment use cases (create, verify, webhook, reconcile) are built from. */
export interface PaymentsDependencies {
  orders: OrdersRepository;
  contents: ContentRepository;
  gateway: PaymentGateway;
  settle: Settle;
  clock: Clock;
  logger: PaymentsLogger;
  publicUrl: string;
  supportEmail: string;
  checkout: {
    mode: CheckoutMode;
    urlFor: ((sessionId: string) => string) | null;
    /** In simulator mode: the simulator's page that stands in for a UPI app, for one attempt. */
    upiIntentUrlFor?: ((paymentId: string, app: UpiApp) => string) | null;
  };
  providerName: string;
  /**
   * How long after an order's expiry the provider is still asked about it (LATE_PAYMENT_GRACE_HOURS):
   * an attempt started before the expiry may still succeed (issue 19, M1).
   */
  latePaymentGraceMs: number;
  /** One order creation per fan and item at a time, across processes. */
  lease: HoldLease;
  /** How long a second request waits for the first's order; tests shorten it. */
  orderLeaseWaitMs?: number;
}

/** Who carried the news about an order; also the payment_events source. */
export type NewsSource = 'webhook' | 'verify' | 'reconcile';
