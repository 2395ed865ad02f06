import {
  UPI_APP_LABELS,
  UPI_APPS,
  UPI_ATTEMPT_MINUTES,
  type UpiApp,
  type UpiPayInput,
  type UpiPayment,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import {
  type GatewayUpiLinks,
  type GatewayUpiPayment,
  PaymentGatewayError,
  upiRefusalOf,
} from '../../providers/payments/payment-gateway.js';
import { isOpen, ORDER_TTL_MS } from './order-states.js';
import type { OrderRow } from './orders-repository.js';
import type { PaymentsDependencies } from './payments-context.js';
import type { ProviderNews } from './provider-news.js';
import { callerOwns, type OrderCaller } from './verify-payment.js';

const ORDER_NOT_FOUND = 'Order not found.';
const ALREADY_PAID = 'This order is already paid.';
const CHECKOUT_ENDED = 'This checkout has ended. Please tap Unlock again to start a new one.';
const UPI_NOT_OFFERED =
  'Paying with a UPI app or QR code is not available right now. Please choose another way to pay.';
const UPI_UNAVAILABLE = 'UPI is not available right now. Please try again in a minute, or choose another way to pay.';

export type PayByUpi = (caller: OrderCaller, input: UpiPayInput) => Promise<UpiPayment>;

/**
 * POST /api/payment/upi (issue 23, reference-2 §1): a UPI attempt on an open order of the caller's
 * (her own as a fan, or the one her checkout cookie names as a visitor, as verify-payment allows),
 * through the provider's order pay: one intent link per app for a phone, or a QR for a laptop.
 * The attempt ends like any payment, by webhook, verify or the reconciler (provider-news), so
 * nothing here settles; the page polls verify-payment while the fan answers in her UPI app.
 *
 * In simulator mode the app links open the simulator's stand-in for a UPI app over http: no app
 * on a phone or in CI can open the simulator's `upi://` links. With Cashfree they are Cashfree's.
 */
export function payByUpiUseCase(deps: PaymentsDependencies, news: ProviderNews): PayByUpi {
  const { orders, gateway, clock, logger } = deps;
  const intentPage = deps.checkout.mode === 'simulator' ? (deps.checkout.upiIntentUrlFor ?? null) : null;

  function appsOf(paymentId: string, links: GatewayUpiLinks): UpiPayment['apps'] {
    const providerLink = (app: UpiApp) => (app === 'any' ? links.default : links[app]);
    return UPI_APPS.flatMap((app) => {
      const href = intentPage === null ? providerLink(app) : intentPage(paymentId, app);
      // An app the provider sent no link for is left out, not shown broken.
      return href === null ? [] : [{ app, label: UPI_APP_LABELS[app], href }];
    });
  }

  /** What the fan is told when the provider refuses or cannot be reached. */
  async function problemOf(order: OrderRow, error: unknown): Promise<Error> {
    if (!(error instanceof PaymentGatewayError)) return error instanceof Error ? error : new Error(String(error));
    const refusal = upiRefusalOf(error);
    if (refusal === 'order_inactive') {
      // Paid (its webhook still on the way) or over: the provider's order says which.
      const status = await news.refresh(order, 'verify');
      return new AppError('CONFLICT', status === 'PAID' ? ALREADY_PAID : CHECKOUT_ENDED, { cause: error });
    }
    if (refusal === 'session_invalid') {
      logger.error(
        { err: error, orderId: order.id },
        'the payment provider does not know the session of an open order',
      );
      return new AppError('CONFLICT', CHECKOUT_ENDED, { cause: error });
    }
    if (refusal === 'not_enabled') {
      logger.error({ err: error, orderId: order.id }, 'the payment provider refuses UPI order pay (is S2S enabled?)');
      return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', UPI_NOT_OFFERED, { cause: error });
    }
    logger.warn({ err: error, orderId: order.id }, 'the payment provider did not start a UPI payment');
    return new AppError('PAYMENT_PROVIDER_UNAVAILABLE', UPI_UNAVAILABLE, { cause: error });
  }

  return async (caller, input) => {
    const order = await orders.findById(input.order_id);
    if (order === undefined || !callerOwns(caller, order)) throw new AppError('NOT_FOUND', ORDER_NOT_FOUND);
    if (order.status === 'PAID') throw new AppError('CONFLICT', ALREADY_PAID);
    // Taken before asking: the attempt cannot start earlier, so its countdown never runs long.
    const now = clock.now();
    const session = order.paymentSessionId;
    if (!isOpen(order) || session === null || now >= order.createdAt + ORDER_TTL_MS) {
      throw new AppError('CONFLICT', CHECKOUT_ENDED);
    }
    let started: GatewayUpiPayment;
    try {
      started = await gateway.payOrderUpi({ paymentSessionId: session, channel: input.channel });
    } catch (error) {
      throw await problemOf(order, error);
    }
    // Its outcome arrives under this id (webhook, Get Payments); the log ties it to the order.
    logger.info({ orderId: order.id, paymentId: started.paymentId, channel: started.channel }, 'UPI attempt started');
    const expiresAt = now + UPI_ATTEMPT_MINUTES * 60_000;
    return started.channel === 'qrcode'
      ? { channel: 'qrcode', apps: [], qrImage: started.qrImage, expiresAt }
      : { channel: 'link', apps: appsOf(started.paymentId, started.links), qrImage: null, expiresAt };
  };
}
