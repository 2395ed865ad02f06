import { randomUUID } from 'node:crypto';
import { UNLOCK_WINDOW_MS } from '@kholo/contracts';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { post, splitSale } from '../ledger/index.js';
import { createOrdersRepository, type OrderRow } from './orders-repository.js';

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
 * the order becomes PAID, the fan gets a 14-day unlock, the sale is posted to the ledger, the
 * item's counters and the creator's wallet move. However many webhooks, polls and reconciler
 * runs arrive, only the caller whose UPDATE flips the order to PAID does the rest; the unique
 * unlock order_id and ledger reference make a second posting fail even if that gate were wrong.
 */
export function createSettlement(deps: { db: Kysely<Database>; clock: Clock; platformFeeBps: number }): Settle {
  return (orderId, evidence) =>
    deps.db.transaction().execute(async (trx) => {
      const orders = createOrdersRepository(trx);
      const now = deps.clock.now();

      const order = await orders.findById(orderId);
      if (order === undefined) return { kind: 'unknown_order' } as const;
      if (order.status === 'PAID') return { kind: 'already_paid', order } as const;
      // A paid ₹1 must never unlock a ₹500 item (reference §0.2).
      if (evidence.amountPaise !== order.amountPaise || evidence.currency !== order.currency) {
        await orders.closeForGood(order.id, 'amount_mismatch', now);
        return { kind: 'amount_mismatch', order } as const;
      }
      // An unlock of an item whose files are gone would sell nothing. Order creation and the
      // delete keep this from happening; should it happen anyway, the money waits for a person
      // (refunds are by hand, ADR 013) instead of being credited to the creator. The row stays
      // locked to the end, so a removal of the files in flight is waited for and then seen, and
      // one that comes later waits and then sees this unlock (content-repository releaseFiles).
      const item = await trx
        .selectFrom('contents')
        .select('filesRemovedAt')
        .where('id', '=', order.contentId)
        .forUpdate()
        .executeTakeFirst();
      if (item === undefined || item.filesRemovedAt !== null) {
        await orders.closeForGood(order.id, 'paid_for_removed_item', now);
        return { kind: 'paid_for_removed_item', order } as const;
      }
      if (!(await orders.markPaid(order.id, evidence.providerPaymentId, now))) {
        return { kind: 'already_paid', order } as const;
      }

      const expiresAt = now + UNLOCK_WINDOW_MS;
      await trx
        .insertInto('unlocks')
        .values({
          id: randomUUID(),
          fanId: order.fanId,
          contentId: order.contentId,
          purchasedAt: now,
          expiresAt,
          orderId: order.id,
        })
        .execute();

      const { feePaise, creatorPaise } = splitSale(order.amountPaise, deps.platformFeeBps);
      await post(trx, {
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
      await trx
        .updateTable('contents')
        .set({
          unlocks: sql<number>`unlocks + 1`,
          earningsPaise: sql<number>`earnings_paise + ${creatorPaise}`,
        })
        .where('id', '=', order.contentId)
        .execute();
      return { kind: 'settled', order, purchasedAt: now, expiresAt, feePaise, creatorPaise } as const;
    });
}
