import { createHash } from 'node:crypto';
import { rupeesText } from '../amounts.js';
import type { Transport } from '../cashfree-gateway.js';
import { signWebhook } from '../webhook-signature.js';
import { istTimestamp } from '../cashfree-gateway.js';
import {
  PAYMENT_GROUPS,
  type SimOrder,
  type SimOutcome,
  type SimPayment,
  type SimulatorControls,
} from './simulator-store.js';

const WEBHOOK_TYPES: Record<SimOutcome, string> = {
  SUCCESS: 'PAYMENT_SUCCESS_WEBHOOK',
  FAILED: 'PAYMENT_FAILED_WEBHOOK',
  USER_DROPPED: 'PAYMENT_USER_DROPPED_WEBHOOK',
};

export interface WebhookLogger {
  warn(details: object, message: string): void;
}

/**
 * Sends Cashfree-shaped payment webhooks (reference §3) to our own webhook route. The body is
 * written as a string template with 2-decimal amounts, as Cashfree's are, so a receiver that
 * re-serialises JSON before checking the signature fails here just as it would in production.
 */
export class SimulatorWebhooks {
  private readonly timers = new Set<NodeJS.Timeout>();

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
    if (controls.dropWebhooks) return;
    const body = webhookBody(order, payment, controls, this.options.now());
    const deliveries = [this.deliver(body, payment, 1)];
    for (let copy = 0; copy < controls.duplicateWebhooks; copy++) deliveries.push(this.deliver(body, payment, 1));
    await Promise.all(deliveries);
    if (controls.outOfOrderWebhooks && payment.status === 'SUCCESS') {
      const earlier: SimPayment = { ...payment, cfPaymentId: `${payment.cfPaymentId}0`, status: 'FAILED' };
      await this.deliver(webhookBody(order, earlier, controls, this.options.now()), earlier, 1);
    }
  }

  /** One delivery; anything but a 200 is retried on the controls' schedule, in the background. */
  private async deliver(body: string, payment: SimPayment, attempt: number): Promise<void> {
    const controls = this.options.controls();
    const timestamp = String(this.options.now());
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
          'x-idempotency-key': createHash('sha256')
            .update(`${WEBHOOK_TYPES[payment.status]}${payment.cfPaymentId}`)
            .digest('base64'),
        },
        body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      this.options.logger.warn({ err: error, attempt }, 'simulator: webhook delivery failed');
    }
    if (status === 200) return;
    const delay = controls.webhookRetryDelaysMs[attempt - 1];
    if (delay === undefined) {
      this.options.logger.warn({ status, attempt }, 'simulator: webhook not accepted; giving up');
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.deliver(body, payment, attempt + 1);
    }, delay);
    timer.unref();
    this.timers.add(timer);
  }

  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

function webhookBody(order: SimOrder, payment: SimPayment, controls: SimulatorControls, now: number): string {
  const amount = rupeesText(controls.misreportAmountPaise ?? order.amountPaise);
  const paid = rupeesText(controls.misreportAmountPaise ?? payment.amountPaise);
  const currency = JSON.stringify(controls.misreportCurrency ?? 'INR');
  const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
  const errorDetails =
    payment.status === 'FAILED'
      ? '{"error_code":"TRANSACTION_DECLINED","error_description":"transaction is rejected at the remitter bank end (simulated)","error_reason":"bank_rejected","error_source":"bank"}'
      : 'null';
  return (
    `{"data":{"order":{"order_id":${text(order.orderId)},"order_amount":${amount},"order_currency":${currency},` +
    `"order_tags":${order.tags === null ? 'null' : JSON.stringify(order.tags)}},` +
    `"payment":{"cf_payment_id":${text(payment.cfPaymentId)},"payment_status":${text(payment.status)},` +
    `"payment_amount":${paid},"payment_currency":${currency},"payment_message":${text(payment.status)},` +
    `"payment_time":${text(istTimestamp(payment.time))},"bank_reference":null,"auth_id":null,` +
    `"payment_group":${text(PAYMENT_GROUPS[payment.method].group)}},` +
    `"customer_details":${JSON.stringify(order.customer)},"error_details":${errorDetails}},` +
    `"event_time":${text(istTimestamp(now))},"type":${text(WEBHOOK_TYPES[payment.status])}}`
  );
}
