import { createHash, randomBytes } from 'node:crypto';
import {
  type CreateOrderInput,
  type CreateOrderResponse,
  formatDateTime,
  formatPaise,
  rupeesToPaise,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import { LeaseBusyError } from '../../lib/leases.js';
import { isOnSale } from '../content/index.js';
import { nextState, ORDER_TTL_MS } from './order-states.js';
import type { OrderRow } from './orders-repository.js';
import type { PaymentsDependencies } from './payments-context.js';

/** A double click (or a second tab) within this window gets the same order, not a second one. */
const REUSE_WINDOW_MS = 10 * 60_000;
/**
 * The longest one order creation may hold its fan-and-item lease: above the provider's worst
 * case (a create of three 10 s attempts, then on a conflict a read of three more, with the
 * waits between), so a live creation is never taken over; a process that died mid-creation
 * blocks that fan's item for two minutes at most.
 */
const ORDER_LEASE_TTL_MS = 120_000;
/** How long a second request (a double click) waits for the first before answering "being prepared". */
const ORDER_LEASE_WAIT_MS = 45_000;
/** The reconciler leaves orders alone this long: the fan is probably still on the checkout. */
export const RECONCILE_MIN_AGE_MS = 2 * 60_000;
/** The same words for an item that never existed and one no longer on sale. */
const ITEM_NOT_FOUND = 'Content not found.';
/** Cashfree requires a phone; the spec collects none, so a fixed placeholder (reference §0.4, ADR 011). */
const PLACEHOLDER_PHONE = '9999999999';
const PROVIDER_UNAVAILABLE = 'Payments are not available right now. Please try again in a minute.';

export interface Buyer {
  id: string;
  name: string;
  email: string;
  /** The address she ordered from, kept only as a hash: a dispute's evidence. */
  ip?: string;
}

/** SHA-256 of the IP, first 16 hex digits: enough to match a later dispute's claims, not to find her. */
function ipHashOf(ip: string | undefined): string | null {
  return ip === undefined ? null : createHash('sha256').update(`kholo-order-ip:${ip}`).digest('hex').slice(0, 16);
}

export type CreateOrder = (buyer: Buyer, input: CreateOrderInput) => Promise<CreateOrderResponse>;

/**
 * POST /api/payment/order (DESIGN §4 step 1): an order for an item on sale, at its price, with a
 * checkout at the provider; a double click gets the same order back.
 */
export function createOrderUseCase(deps: PaymentsDependencies): CreateOrder {
  const { orders, gateway, clock, logger } = deps;

  function checkoutOf(order: OrderRow): CreateOrderResponse {
    const session = order.paymentSessionId ?? '';
    return {
      order_id: order.id,
      payment_session_id: session,
      contentId: order.contentId,
      amountPaise: order.amountPaise,
      currency: 'INR',
      checkout: { mode: deps.checkout.mode, url: deps.checkout.urlFor === null ? null : deps.checkout.urlFor(session) },
      // The route says where a visitor's code went (ADR 022).
      codeSentTo: null,
    };
  }

  async function createOrderNow(buyer: Buyer, input: CreateOrderInput): Promise<CreateOrderResponse> {
    const contentId = input.contentId ?? input.notes?.contentId ?? '';
    const now = clock.now();
    const item = await deps.contents.findById(contentId);
    if (item === undefined || !isOnSale(item)) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    if (item.creatorId === buyer.id) {
      throw new AppError('ALREADY_UNLOCKED', 'This is your own item, so it is already open to you.');
    }
    const unlock = await deps.contents.findActiveUnlock(buyer.id, item.id, now);
    if (unlock !== undefined) {
      const expiresAt = unlock.expiresAt;
      throw new AppError(
        'ALREADY_UNLOCKED',
        `You already have access to this item until ${formatDateTime(expiresAt)}.`,
        {
          localized: {
            key: 'messages.server.alreadyHaveAccess',
            params: (locale) => ({ until: formatDateTime(expiresAt, locale) }),
          },
        },
      );
    }
    if (input.amount !== undefined && rupeesToPaise(input.amount) !== item.pricePaise) {
      throw new AppError(
        'PRICE_CHANGED',
        `The price of this item is now ${formatPaise(item.pricePaise)}. Please check it and try again.`,
      );
    }

    const reusable = await orders.findReusable(buyer.id, item.id, item.pricePaise, now - REUSE_WINDOW_MS);
    if (reusable !== undefined) return checkoutOf(reusable);

    const order: Omit<OrderRow, 'checks'> = {
      id: newOrderId(),
      fanId: buyer.id,
      contentId: item.id,
      creatorId: item.creatorId,
      amountPaise: item.pricePaise,
      currency: 'INR',
      status: 'CREATED',
      provider: deps.providerName,
      paymentSessionId: null,
      providerPaymentId: null,
      failureReason: null,
      createdAt: now,
      updatedAt: now,
      paidAt: null,
      nextCheckAt: now + RECONCILE_MIN_AGE_MS,
      ipHash: ipHashOf(buyer.ip),
      paymentMethod: null,
    };
    // Deleted, hidden or its creator suspended since it was read above.
    if (!(await orders.insertForItemOnSale(order))) throw new AppError('NOT_FOUND', ITEM_NOT_FOUND);
    let created;
    try {
      created = await gateway.createOrder({
        orderId: order.id,
        amountPaise: item.pricePaise,
        customer: { id: customerIdFor(buyer.id), email: buyer.email, name: buyer.name, phone: PLACEHOLDER_PHONE },
        returnUrl: `${deps.publicUrl}/payment-success?order_id={order_id}&contentId=${encodeURIComponent(item.id)}`,
        note: orderNote(item.title),
        tags: { contentId: item.id, creatorId: item.creatorId },
        expiresAt: now + ORDER_TTL_MS,
      });
    } catch (error) {
      // The order stays CREATED: if the provider did make it, the reconciler finds out.
      logger.error({ err: error, orderId: order.id }, 'the payment provider did not create an order');
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', PROVIDER_UNAVAILABLE, { cause: error });
    }
    if (created.paymentSessionId === null || created.amountPaise !== item.pricePaise) {
      logger.error(
        { orderId: order.id, remote: created },
        'the payment provider answered an order with a different amount or no session',
      );
      const failed = nextState(order, { kind: 'provider_mismatch' });
      if (failed.kind === 'move') await orders.advance(order.id, failed.to, failed.reason, now);
      throw new AppError('PAYMENT_PROVIDER_UNAVAILABLE', PROVIDER_UNAVAILABLE);
    }
    await orders.markActive(order.id, created.paymentSessionId, clock.now());
    const stored = await orders.findById(order.id);
    if (stored === undefined) throw new Error(`order ${order.id} vanished while being created`);
    return checkoutOf(stored);
  }

  return async (buyer, input) => {
    // A double click sends two requests at once, perhaps to two processes; both would pass
    // the reuse check before either order exists, and the fan would get two payable
    // checkouts. Under one lease per fan and item, the second waits and finds the first's order.
    const lease = `create-order:${buyer.id}:${input.contentId ?? input.notes?.contentId ?? ''}`;
    try {
      return await deps.lease(lease, ORDER_LEASE_TTL_MS, () => createOrderNow(buyer, input), {
        waitMs: deps.orderLeaseWaitMs ?? ORDER_LEASE_WAIT_MS,
      });
    } catch (error) {
      if (!(error instanceof LeaseBusyError)) throw error;
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'Your checkout for this item is still being prepared. Please try again in a minute.',
        { cause: error },
      );
    }
  };
}

/** kh_ + time (sortable) + randomness: 3–45 of [A-Za-z0-9_-], as Cashfree wants. */
export function newOrderId(): string {
  return `kh_${Date.now().toString(36)}${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

/** Cashfree's customer_id: 3–50 characters, alphanumeric to be safe (reference §1.4). */
function customerIdFor(accountId: string): string {
  return `u${accountId.replace(/[^A-Za-z0-9]/g, '')}`.slice(0, 50).padEnd(3, '0');
}

/** order_note must be 3–200 characters. */
function orderNote(title: string): string {
  return `Unlock: ${title}`.slice(0, 200);
}
