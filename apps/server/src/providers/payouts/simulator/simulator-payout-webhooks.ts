import { rupeesDecimalText } from '@kholo/contracts';
import { istTimestamp, type Transport } from '../../payments/cashfree-gateway.js';
import { signWebhook } from '../../payments/webhook-signature.js';
import type { PayoutsSimulatorControls } from './payouts-simulator-controls.js';
import { type SimTransfer, type SimTransferStatus, utcTimestamp } from './simulator-transfers.js';

/** Cashfree sends payouts webhooks for final changes only; RECEIVED and PENDING are seen by polling. */
const WEBHOOK_TYPES: Partial<Record<SimTransferStatus, string>> = {
  SUCCESS: 'TRANSFER_SUCCESS',
  FAILED: 'TRANSFER_FAILED',
  REJECTED: 'TRANSFER_REJECTED',
  REVERSED: 'TRANSFER_REVERSED',
};

/** Waits before re-sending a delivery that got no 2xx. Cashfree's own schedule is not published. */
export const PAYOUT_WEBHOOK_RETRY_DELAYS_MS = [2000, 10_000, 30_000] as const;
/** How late a held-back SUCCESS goes out when no later webhook for its transfer overtakes it. */
export const OUT_OF_ORDER_HOLD_MS = 30_000;

export interface WebhookLogger {
  warn(details: object, message: string): void;
}

interface Delivery {
  transferId: string;
  type: string;
  body: string;
  attempt: number;
}

/**
 * Sends Cashfree-shaped payouts webhooks (V2, audit B.6) to our own webhook route, signed like
 * PG's with the Payouts client secret. The body is written as text with 2-decimal amounts, as
 * Cashfree writes them, so a receiver that re-serialises JSON before checking fails here too.
 * Retries and held-back deliveries wait in this process's memory for runDue(), on the injected
 * clock.
 */
export class SimulatorPayoutWebhooks {
  private retries: (Delivery & { dueAt: number })[] = [];
  private held: (Delivery & { releaseAt: number })[] = [];
  private closed = false;

  constructor(
    private readonly options: {
      url: string;
      secret: string;
      transport: Transport;
      now: () => number;
      controls: () => PayoutsSimulatorControls;
      logger: WebhookLogger;
    },
  ) {}

  /** Delivers the webhook for one change of a transfer, as the switches say; returns deliveries made. */
  async transferChanged(transfer: SimTransfer): Promise<number> {
    const controls = this.options.controls();
    const type = WEBHOOK_TYPES[transfer.status];
    if (controls.dropWebhooks || type === undefined) return 0;
    const now = this.options.now();
    const delivery: Delivery = {
      transferId: transfer.transferId,
      type,
      body: webhookBody(transfer, type, now),
      attempt: 1,
    };
    if (controls.outOfOrderWebhooks && transfer.status === 'SUCCESS') {
      this.held.push({ ...delivery, releaseAt: now + OUT_OF_ORDER_HOLD_MS });
      return 0;
    }
    let sent = await this.sendWithCopies(delivery);
    // What this transfer's SUCCESS was held back for: it now arrives after a later event.
    const overtaken = this.held.filter((one) => one.transferId === transfer.transferId);
    this.held = this.held.filter((one) => one.transferId !== transfer.transferId);
    for (const one of overtaken) sent += await this.sendWithCopies(one);
    return sent;
  }

  /** Sends the retries and held-back deliveries due by the clock's now; returns how many went out. */
  async runDue(): Promise<number> {
    const now = this.options.now();
    const retries = this.retries.filter((retry) => retry.dueAt <= now);
    this.retries = this.retries.filter((retry) => retry.dueAt > now);
    const released = this.held.filter((one) => one.releaseAt <= now);
    this.held = this.held.filter((one) => one.releaseAt > now);
    let sent = 0;
    for (const retry of retries) sent += await this.deliver(retry);
    for (const one of released) sent += await this.sendWithCopies(one);
    return sent;
  }

  close(): void {
    this.closed = true;
    this.retries = [];
    this.held = [];
  }

  private async sendWithCopies(delivery: Delivery): Promise<number> {
    let sent = 0;
    for (let copy = 0; copy <= this.options.controls().duplicateWebhooks; copy++) sent += await this.deliver(delivery);
    return sent;
  }

  /** One delivery; anything but a 2xx is queued for a retry. Returns 1 if it went out. */
  private async deliver(delivery: Delivery): Promise<number> {
    if (this.closed) return 0;
    const timestamp = String(this.options.now());
    let status = 0;
    try {
      const response = await this.options.transport(this.options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-webhook-timestamp': timestamp,
          'x-webhook-signature': signWebhook(this.options.secret, timestamp, delivery.body),
          'x-webhook-version': '2024-01-01',
          'x-webhook-attempt': String(delivery.attempt),
        },
        body: delivery.body,
      });
      status = response.status;
      await response.arrayBuffer();
    } catch (error) {
      this.options.logger.warn({ err: error, attempt: delivery.attempt }, 'payouts simulator: webhook delivery failed');
    }
    if (status >= 200 && status < 300) return 1;
    const delay = PAYOUT_WEBHOOK_RETRY_DELAYS_MS[delivery.attempt - 1];
    if (delay === undefined) {
      this.options.logger.warn(
        { status, attempt: delivery.attempt, transferId: delivery.transferId },
        'payouts simulator: webhook not accepted; giving up',
      );
      return 1;
    }
    this.retries.push({ ...delivery, attempt: delivery.attempt + 1, dueAt: this.options.now() + delay });
    return 1;
  }
}

/** The V2 payouts webhook body: the transfer as Get Transfer shows it, the event's time and type. */
function webhookBody(transfer: SimTransfer, type: string, now: number): string {
  const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
  const beneficiary = {
    beneficiary_id: null,
    beneficiary_name: transfer.beneficiaryName,
    beneficiary_instrument_details: { vpa: transfer.vpa },
  };
  return (
    `{"data":{"transfer_id":${text(transfer.transferId)},"cf_transfer_id":${text(transfer.cfTransferId)},` +
    `"status":${text(transfer.status)},"status_code":${text(transfer.statusCode)},` +
    `"status_description":${text(transfer.statusDescription)},"beneficiary_details":${JSON.stringify(beneficiary)},` +
    `"transfer_amount":${rupeesDecimalText(transfer.amountPaise)},"transfer_service_charge":0.00,` +
    `"transfer_service_tax":0.00,"transfer_mode":"UPI","transfer_utr":${text(transfer.utr)},` +
    `"fundsource_id":"CASHFREE_1","added_on":${text(utcTimestamp(transfer.addedOn))},` +
    `"updated_on":${text(utcTimestamp(transfer.updatedOn))}},` +
    // Cashfree's sample has no offset here (audit B.6); it is India's time.
    `"event_time":${text(istTimestamp(now).slice(0, 19))},"type":${text(type)}}`
  );
}
