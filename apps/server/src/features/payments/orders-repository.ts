import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, OrderStatus, OrdersTable, PaymentEventsTable } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';
import { onSale } from '../content/index.js';
import { type FinalFailureReason, statusesBefore, worthAskingSql } from './order-states.js';

export type OrderRow = Selectable<OrdersTable>;

export interface NewPaymentEvent {
  dedupeKey: string;
  source: PaymentEventsTable['source'];
  eventType: string;
  orderId: string | null;
  providerPaymentId: string | null;
  paymentStatus: string | null;
  amountPaise: number | null;
  currency: string | null;
  outcome: string;
}

/**
 * SQL for orders and payment events. Plain rows out; the rules (which status may follow which,
 * which orders are worth asking about) come from order-states.ts and are applied here in the
 * guarded UPDATEs that let one of simultaneous callers change a row.
 */
export function createOrdersRepository(db: Kysely<Database>): OrdersRepository {
  return joinable(orderQueries, db);
}

export type OrdersRepository = Joinable<ReturnType<typeof orderQueries>>;

function orderQueries(db: Kysely<Database>) {
  return {
    /**
     * Inserts the order only if its item is still on sale, holding the item's row (FOR SHARE)
     * until the order is committed; false, and nothing written, when it is not. The creator's
     * delete gives up the item's files unless an open order exists (content-repository), so the
     * two must not pass each other: a delete in flight makes this wait and then see it, and a
     * delete that comes later waits for this order's commit and then sees the order.
     */
    async insertForItemOnSale(row: Omit<OrderRow, 'checks'>): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const item = await trx
          .selectFrom('contents')
          .innerJoin('creators', 'creators.userId', 'contents.creatorId')
          .select('contents.id')
          .where('contents.id', '=', row.contentId)
          .where(onSale)
          .forShare('contents')
          .executeTakeFirst();
        if (item === undefined) return false;
        await trx.insertInto('orders').values(row).execute();
        return true;
      });
    },

    async findById(id: string): Promise<OrderRow | undefined> {
      return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The fan's newest open order for an item at this price, to hand back on a double click. */
    async findReusable(fanId: string, contentId: string, amountPaise: number, since: number) {
      return db
        .selectFrom('orders')
        .selectAll()
        .where('fanId', '=', fanId)
        .where('contentId', '=', contentId)
        .where('amountPaise', '=', amountPaise)
        .where('status', '=', 'ACTIVE')
        .where('paymentSessionId', 'is not', null)
        .where('createdAt', '>=', since)
        .orderBy('createdAt', 'desc')
        .executeTakeFirst();
    },

    async markActive(id: string, paymentSessionId: string, now: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ status: 'ACTIVE', paymentSessionId, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'CREATED')
        .execute();
    },

    /**
     * Keeps the status and sets a reason that closes the order to polling (order-states `close`);
     * false when the order has moved on since it was read.
     */
    async close(id: string, status: OrderStatus, reason: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ failureReason: reason, updatedAt: now })
        .where('id', '=', id)
        .where('status', '=', status)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Moves forward only; false when the order was already at or past `status`. */
    async advance(id: string, status: Exclude<OrderStatus, 'PAID'>, reason: string | null, now: number) {
      const result = await db
        .updateTable('orders')
        .set({ status, failureReason: reason, updatedAt: now })
        .where('id', '=', id)
        .where('status', 'in', statusesBefore(status))
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * A payment that must not settle the order: FAILED if it was still open, and closed to
     * polling either way (FINAL_FAILURE_REASONS), unless it is already PAID.
     */
    async closeForGood(
      id: string,
      reason: FinalFailureReason,
      now: number,
      payment: { providerPaymentId: string | null; method: string | null } = { providerPaymentId: null, method: null },
    ): Promise<void> {
      await db
        .updateTable('orders')
        .set((eb) => ({
          status: eb
            .case()
            .when('status', 'in', ['CREATED', 'ACTIVE'])
            .then(eb.val<OrderStatus>('FAILED'))
            .else(eb.ref('status'))
            .end(),
          failureReason: reason,
          updatedAt: now,
          ...(payment.providerPaymentId === null ? {} : { providerPaymentId: payment.providerPaymentId }),
          ...(payment.method === null ? {} : { paymentMethod: payment.method }),
        }))
        .where('id', '=', id)
        .where('status', '<>', 'PAID')
        .execute();
    },

    /** The gate of settlement: exactly one caller ever gets true for an order. */
    async markPaid(
      id: string,
      payment: { providerPaymentId: string | null; method: string | null },
      now: number,
    ): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({
          status: 'PAID',
          providerPaymentId: payment.providerPaymentId,
          paymentMethod: payment.method,
          paidAt: now,
          updatedAt: now,
          failureReason: null,
        })
        .where('id', '=', id)
        .where('status', '<>', 'PAID')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Who bought what from whom, for the receipt. */
    async findReceiptDetails(orderId: string) {
      return db
        .selectFrom('orders')
        .innerJoin('authUsers', 'authUsers.id', 'orders.fanId')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .innerJoin('creators', 'creators.userId', 'orders.creatorId')
        .select(['authUsers.email', 'authUsers.name as fanName', 'contents.title', 'creators.name as creatorName'])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
    },

    /** When the access an order bought ends; null before it is settled. */
    async findUnlockExpiry(orderId: string): Promise<number | null> {
      const unlock = await db
        .selectFrom('unlocks')
        .select('expiresAt')
        .where('orderId', '=', orderId)
        .executeTakeFirst();
      return unlock?.expiresAt ?? null;
    },

    /** Orders worth asking the provider about and due a check, oldest first. */
    async listDueForCheck(createdBefore: number, now: number, graceMs: number, limit: number): Promise<OrderRow[]> {
      return db
        .selectFrom('orders')
        .selectAll()
        .where(worthAskingSql(now, graceMs))
        .where('createdAt', '<=', createdBefore)
        .where('nextCheckAt', '<=', now)
        .orderBy('nextCheckAt')
        .limit(limit)
        .execute();
    },

    /**
     * Claims an order's next check for this process: only the process whose UPDATE still sees
     * the old next_check_at wins, so several processes never ask about the same order at once.
     */
    async claimCheck(order: OrderRow, nextCheckAt: number): Promise<boolean> {
      const result = await db
        .updateTable('orders')
        .set({ nextCheckAt, checks: sql<number>`checks + 1` })
        .where('id', '=', order.id)
        .where('nextCheckAt', '=', order.nextCheckAt)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Records what a provider said; a repeat of the same event counts a delivery instead of a row. */
    async recordEvent(event: NewPaymentEvent, now: number): Promise<void> {
      await db
        .insertInto('paymentEvents')
        .values({ id: randomUUID(), ...event, deliveries: 1, createdAt: now, lastSeenAt: now })
        .onConflict((conflict) =>
          conflict.column('dedupeKey').doUpdateSet({
            deliveries: sql<number>`payment_events.deliveries + 1`,
            lastSeenAt: now,
            outcome: event.outcome,
          }),
        )
        .execute();
    },
  };
}
