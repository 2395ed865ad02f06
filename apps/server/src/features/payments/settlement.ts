import { UNLOCK_WINDOW_MS } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import type { ContentSales } from '../content/index.js';
import type { EmailQueue } from '../email/index.js';
import { creditLines, type Ledger, splitSale } from '../ledger/index.js';
import { nextState, ORDER_TTL_MS } from './order-states.js';
import type { OrderRow, OrdersRepository } from './orders-repository.js';
import { receiptEmail } from './receipt-email.js';
import type { SaleNotifications } from './sale-notifications.js';

/** What a provider said was paid: a verified webhook, or its answer to GET /orders/{id}. */
export interface PaymentEvidence {
  providerPaymentId: string | null;
  /** How she paid (payment_group grouped: upi, card, netbanking, other), when the provider said. */
  method?: string | null;
  amountPaise: number;
  currency: string;
}

export type SettlementResult =
  | { kind: 'settled'; order: OrderRow; purchasedAt: number; expiresAt: number; feePaise: number; creatorPaise: number }
  | { kind: 'already_paid'; order: OrderRow }
  | { kind: 'amount_mismatch'; order: OrderRow }
  | { kind: 'paid_for_removed_item' | 'already_unlocked' | 'late_payment'; order: OrderRow }
  | { kind: 'unknown_order' };

/** Money that arrived but buys nothing, and so goes straight back to the fan (ADR 021). */
export type ReturnedPaymentReason = 'paid_for_removed_item' | 'already_unlocked' | 'late_payment';

/**
 * Sends such money back, inside settlement's transaction (the refunds feature, wired in app.ts):
 * the order is closed and its refund owed in one commit, so a crash cannot keep the money.
 */
export type ReturnPayment = (
  trx: Kysely<Database>,
  payment: { orderId: string; reason: ReturnedPaymentReason; at: number },
) => Promise<void>;

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
  /** How long after a checkout's expiry a success is still honoured (LATE_PAYMENT_GRACE_HOURS). */
  latePaymentGraceMs: number;
  returnPayment: ReturnPayment;
}): Settle {
  return (orderId, evidence) =>
    deps.transaction(async (trx) => {
      const orders = deps.orders.within(trx);
      const sales = deps.sales.within(trx);
      const now = deps.clock.now();

      const seen = await orders.findById(orderId);
      if (seen === undefined) return { kind: 'unknown_order' } as const;
      if (seen.status === 'PAID') return { kind: 'already_paid', order: seen } as const;
      // The item's row stays locked to the end, so a removal of its files cannot pass this sale;
      // and every settlement of the item takes its turn here, so the order is read again after
      // the wait: a duplicate webhook that waited for the first one must see the order PAID and
      // its unlock as this order's own, not as a second payment to send back.
      const item = await sales.holdItemForSale(seen.contentId);
      const order = (await orders.findById(orderId)) ?? seen;
      if (order.status === 'PAID') return { kind: 'already_paid', order } as const;
      const transition = nextState(order, {
        kind: 'paid',
        amountPaise: evidence.amountPaise,
        currency: evidence.currency,
        itemAvailable: item.filesKept,
        alreadyUnlocked: await sales.holdsRunningUnlock(order.fanId, order.contentId, now, order.id),
        itemChanged: item.removed || item.pricePaise !== order.amountPaise,
        afterGrace: now > order.createdAt + ORDER_TTL_MS + deps.latePaymentGraceMs,
      });
      if (transition.kind === 'refuse') {
        // Money that must not unlock this order is never credited to the creator: it goes back
        // to the fan in this same transaction, except a mismatch, which waits for a person.
        const payment = { providerPaymentId: evidence.providerPaymentId, method: evidence.method ?? null };
        await orders.closeForGood(order.id, transition.reason, now, payment);
        // Once per order however often the news comes: the refund engine keeps one refund per order.
        if (transition.reason !== 'amount_mismatch') {
          await deps.returnPayment(trx, { orderId: order.id, reason: transition.reason, at: now });
        }
        return { kind: transition.reason, order } as const;
      }
      if (
        transition.kind !== 'settle' ||
        !(await orders.markPaid(
          order.id,
          { providerPaymentId: evidence.providerPaymentId, method: evidence.method ?? null },
          now,
        ))
      ) {
        return { kind: 'already_paid', order } as const;
      }

      const expiresAt = now + UNLOCK_WINDOW_MS;
      const { feePaise, creatorPaise } = splitSale(order.amountPaise, deps.platformFeeBps);
      // Her share pays down what she owes for an earlier refund first (ADR 021).
      const owedPaise = (await deps.ledger.within(trx).lockBalances(order.creatorId))?.owedPaise ?? 0;
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
          ...creditLines(order.creatorId, creatorPaise, owedPaise).lines,
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
            purchasesUrl: `${deps.publicUrl}/purchases`,
            supportEmail: deps.supportEmail,
          }),
          { key: `receipt:${order.id}` },
        );
      }
      return { kind: 'settled', order, purchasedAt: now, expiresAt, feePaise, creatorPaise } as const;
    });
}
