import { createHash } from 'node:crypto';
import { rupeesDecimalText } from '@kholo/contracts';
import type { Transport } from '../cashfree-gateway.js';
import { signWebhook } from '../webhook-signature.js';
import { istTimestamp } from '../cashfree-gateway.js';
import {
  bankReference,
  errorDetails,
  PAYMENT_MESSAGES,
  paymentMethodOf,
  type SimOrder,
  type SimPayment,
  type SimPaymentStatus,
  type SimulatorControls,
} from './simulator-store.js';

/**
 * Cashfree sends payment webhooks for these three outcomes only (reference §3); PENDING,
 * NOT_ATTEMPTED, CANCELLED and VOID attempts are seen through Get Payments alone.
 */
const WEBHOOK_TYPES: Partial<Record<SimPaymentStatus, string>> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

export interface WebhookLogger {
  warn(details: object, message: string): void;
}

interface Delivery {
  body: string;
  type: string;
  /** What x-idempotency-key is derived from: the same for every delivery of one event. */
  eventKey: string;
  attempt: number;
  /** The first attempt's timestamp, which retries repeat when keepFirstWebhookTimestamp is on. */
  firstTimestamp: string | null;
}

/**
 * Sends Cashfree-shaped webhooks (reference §3; refunds and disputes, reference-2 §2.7, §3.2) to
 * our own webhook route, as Cashfree sends all of them to the URLs of one account. The body is
 * written as a string template with 2-decimal amounts, as Cashfree's are, so a receiver that
 * re-serialises JSON before checking the signature fails here just as it would in production.
 *
 * A refused delivery is retried on the controls' schedule, by the injected clock: a retry is
 * due at now + delay and goes out on the next runDue() at or after it (a timer calls runDue()
 * every second on the system clock; tests move their FakeClock and call it themselves).
 */
export class SimulatorWebhooks {
  private retries: (Delivery & { dueAt: number })[] = [];
  private closed = false;

  constructor(
    private readonly options: {
      url: string;
      secret: string;
      transport: Transport;
      now: () => number;
      controls: () => SimulatorControls;
      logger: WebhookLogger;
    },
  ) {}

  /** Delivers the event for a payment attempt (plus any duplicates or late events the switches ask for). */
  async paymentEvent(order: SimOrder, payment: SimPayment): Promise<void> {
    const controls = this.options.controls();
    const type = WEBHOOK_TYPES[payment.status];
    if (controls.dropWebhooks || type === undefined) return;
    await this.event(type, webhookBody(order, payment, controls, this.options.now()), `${type}${payment.cfPaymentId}`);
    if (controls.outOfOrderWebhooks && payment.status === 'SUCCESS') {
      const earlier: SimPayment = { ...payment, cfPaymentId: `${payment.cfPaymentId}0`, status: 'FAILED' };
      await this.deliver({
        body: webhookBody(order, earlier, controls, this.options.now()),
        type: 'PAYMENT_FAILED_WEBHOOK',
        eventKey: `PAYMENT_FAILED_WEBHOOK${earlier.cfPaymentId}`,
        attempt: 1,
        firstTimestamp: null,
      });
    }
  }

  /**
   * Delivers one event with a body already written, plus the duplicates the switches ask for;
   * nothing when webhooks are dropped. `eventKey` names the event (type, id and status), so
   * every delivery of it carries the same x-idempotency-key.
   */
  async event(type: string, body: string, eventKey: string): Promise<void> {
    const controls = this.options.controls();
    if (controls.dropWebhooks) return;
    const first: Delivery = { body, type, eventKey, attempt: 1, firstTimestamp: null };
    const deliveries = [this.deliver(first)];
    for (let copy = 0; copy < controls.duplicateWebhooks; copy++) deliveries.push(this.deliver(first));
    await Promise.all(deliveries);
  }

  /** Sends every retry that is due by the clock's now; returns how many went out. */
  async runDue(): Promise<number> {
    const now = this.options.now();
    const due = this.retries.filter((retry) => retry.dueAt <= now);
    this.retries = this.retries.filter((retry) => retry.dueAt > now);
    await Promise.all(due.map((retry) => this.deliver(retry)));
    return due.length;
  }

  /** One delivery; anything but a 200 is queued for a retry on the controls' schedule. */
  private async deliver(delivery: Delivery): Promise<void> {
    if (this.closed) return;
    const controls = this.options.controls();
    const { body, type, eventKey, attempt } = delivery;
    const timestamp =
      controls.keepFirstWebhookTimestamp && delivery.firstTimestamp !== null
        ? delivery.firstTimestamp
        : String(this.options.now());
    const secret = controls.tamperWebhooks ? `${this.options.secret}-tampered` : this.options.secret;
    let status = 0;
    try {
      const response = await this.options.transport(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signWebhook(secret, timestamp, body),
          'x-webhook-version': '2025-01-01',
          'x-webhook-attempt': String(attempt),
          'x-idempotency-key': createHash('sha256').update(eventKey).digest('base64'),
        },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      this.options.logger.warn({ err: error, type, attempt }, 'simulator: webhook delivery failed');
    }
    if (status === 200) return;
    const delay = controls.webhookRetryDelaysMs[attempt - 1];
    if (delay === undefined) {
      this.options.logger.warn({ status, type, attempt }, 'simulator: webhook not accepted; giving up');
      return;
    }
    this.retries.push({
      ...delivery,
      attempt: attempt + 1,
      firstTimestamp: delivery.firstTimestamp ?? timestamp,
      dueAt: this.options.now() + delay,
    });
  }

  close(): void {
    this.closed = true;
    this.retries = [];
  }
}

/**
 * The body of Cashfree's payment webhook, version 2025-01-01 (reference §3): the order, the
 * payment with its method, the customer, error details, the gateway's own ids and any offers.
 */
function webhookBody(order: SimOrder, payment: SimPayment, controls: SimulatorControls, now: number): string {
  const amount = rupeesDecimalText(controls.misreportAmountPaise ?? order.amountPaise);
  const paid = rupeesDecimalText(controls.misreportAmountPaise ?? payment.amountPaise);
  const currency = JSON.stringify(controls.misreportCurrency ?? 'INR');
  const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
  const { group, method } = paymentMethodOf(payment);
  const gateway = {
    gateway_name: 'CASHFREE',
    gateway_order_id: order.cfOrderId,
    gateway_payment_id: payment.cfPaymentId,
    gateway_order_reference_id: null,
    gateway_settlement: 'CASHFREE',
    gateway_status_code: null,
  };
  return (
    `{"data":{"order":{"order_id":${text(order.orderId)},"order_amount":${amount},"order_currency":${currency},` +
    `"order_tags":${order.tags === null ? 'null' : JSON.stringify(order.tags)}},` +
    `"payment":{"cf_payment_id":${text(payment.cfPaymentId)},"payment_status":${text(payment.status)},` +
    `"payment_amount":${paid},"payment_currency":${currency},"payment_message":${text(PAYMENT_MESSAGES[payment.status])},` +
    `"payment_time":${text(istTimestamp(payment.time))},` +
    `"bank_reference":${text(payment.status === 'SUCCESS' ? bankReference(payment) : null)},"auth_id":null,` +
    `"payment_method":${JSON.stringify(method)},"payment_group":${text(group)}},` +
    `"customer_details":${JSON.stringify(order.customer)},"error_details":${JSON.stringify(errorDetails(payment.status))},` +
    `"payment_gateway_details":${JSON.stringify(gateway)},"payment_offers":null},` +
    `"event_time":${text(istTimestamp(now))},"type":${text(WEBHOOK_TYPES[payment.status] ?? 'UNKNOWN')}}`
  );
}
