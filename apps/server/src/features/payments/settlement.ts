import { UNLOCK_WINDOW_MS } from '@kholo/contracts';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import type { ContentSales } from '../content/index.js';
import type { EmailQueue } from '../email/index.js';
import { type Ledger, splitSale } from '../ledger/index.js';
import { nextState } from './order-states.js';
import type { OrderRow, OrdersRepository } from './orders-repository.js';
import { receiptEmail } from './receipt-email.js';
import type { SaleNotifications } from './sale-notifications.js';

/** What a provider said was paid: a verified webhook, or its answer to GET /orders/{id}. */
export interface PaymentEvidence {
  providerPaymentId: string | null;
  amountPaise: number;
  currency: string;
}

export type SettlementResult =
  | { kind: 'settled'; order: OrderRow; purchasedAt: number; expiresAt: number; feePaise: number; creatorPaise: number }
  | { kind: 'already_paid'; order: OrderRow }
  | { kind: 'amount_mismatch'; order: OrderRow }
  | { kind: 'paid_for_removed_item'; order: OrderRow }
  | { kind: 'unknown_order' };

export type Settle = (orderId: string, evidence: PaymentEvidence) => Promise<SettlementResult>;

/**
 * The one way money and access come into being (DESIGN §3, §4): in one database transaction,
 * the order becomes PAID, the fan gets a 14-day unlock, the sale is posted to the ledger, and the
 * item's counters move (content's recordSale). However many webhooks, polls and reconciler runs
 * arrive, only the caller whose UPDATE flips the order to PAID does the rest; the unique unlock
 * order_id and ledger reference make a second posting fail even if that gate were wrong. The
 * fan's receipt is queued in the same transaction: one per settled order, never lost, never two.
 */
export function createSettlement(deps: {
  orders: OrdersRepository;
  sales: ContentSales;
  ledger: Joinable<Ledger>;
  transaction: Transact;
  clock: Clock;
  platformFeeBps: number;
  mail: EmailQueue;
  /** The creator's sale email, queued with the sale. */
  saleNotices: SaleNotifications;
  publicUrl: string;
  supportEmail: string;
}): Settle {
  return (orderId, evidence) =>
    deps.transaction(async (trx) => {
      const orders = deps.orders.within(trx);
      const sales = deps.sales.within(trx);
      const now = deps.clock.now();

      const order = await orders.findById(orderId);
      if (order === undefined) return { kind: 'unknown_order' } as const;
      if (order.status === 'PAID') return { kind: 'already_paid', order } as const;
      // The item's row stays locked to the end, so a removal of its files cannot pass this sale.
      const { filesKept } = await sales.holdItemForSale(order.contentId);
      const transition = nextState(order, {
        kind: 'paid',
        amountPaise: evidence.amountPaise,
        currency: evidence.currency,
        itemAvailable: filesKept,
      });
      if (transition.kind === 'refuse') {
        // Money that must not unlock this order: closed to polling and left for a person
        // (refunds are by hand, ADR 013), never credited to the creator.
        await orders.closeForGood(order.id, transition.reason, now);
        return { kind: transition.reason, order } as const;
      }
      if (transition.kind !== 'settle' || !(await orders.markPaid(order.id, evidence.providerPaymentId, now))) {
        return { kind: 'already_paid', order } as const;
      }

      const expiresAt = now + UNLOCK_WINDOW_MS;
      const { feePaise, creatorPaise } = splitSale(order.amountPaise, deps.platformFeeBps);
      await sales.recordSale({
        orderId: order.id,
        fanId: order.fanId,
        contentId: order.contentId,
        purchasedAt: now,
        expiresAt,
        creatorPaise,
      });
      await deps.ledger.within(trx).post({
        subject: { kind: 'sale', orderId: order.id },
        creatorId: order.creatorId,
        memo: `Unlock of ${order.contentId}`,
        createdBy: null,
        at: now,
        lines: [
          { account: 'fan_payments_clearing', creatorId: null, amountPaise: -order.amountPaise },
          { account: 'creator_wallet', creatorId: order.creatorId, amountPaise: creatorPaise },
          { account: 'platform_revenue', creatorId: null, amountPaise: feePaise },
        ],
      });
      await deps.saleNotices.within(trx).saleMade(order.creatorId);
      const details = await orders.findReceiptDetails(order.id);
      if (details !== undefined) {
        await deps.mail.within(trx).send(
          receiptEmail({
            to: details.email,
            fanName: details.fanName,
            itemTitle: details.title,
            creatorName: details.creatorName,
            amountPaise: order.amountPaise,
            orderId: order.id,
            paidAt: now,
            accessUntil: expiresAt,
            contentUrl: `${deps.publicUrl}/content/${encodeURIComponent(order.contentId)}`,
            supportEmail: deps.supportEmail,
          }),
          { key: `receipt:${order.id}` },
        );
      }
      return { kind: 'settled', order, purchasedAt: now, expiresAt, feePaise, creatorPaise } as const;
    });
}
