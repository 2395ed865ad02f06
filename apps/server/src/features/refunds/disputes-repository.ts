import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, DisputesTable, DisputeState } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type DisputeRow = DisputesTable;

/** The disputes' SQL (ADR 021). */
export function createDisputesRepository(db: Kysely<Database>): DisputesRepository {
  return joinable(disputeQueries, db);
}

export type DisputesRepository = Joinable<ReturnType<typeof disputeQueries>>;

function disputeQueries(db: Kysely<Database>) {
  return {
    async find(id: string): Promise<DisputeRow | undefined> {
      return db.selectFrom('disputes').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** False when a dispute with this id is already recorded (a repeat of its webhook). */
    async insert(row: DisputeRow): Promise<boolean> {
      const inserted = await db
        .insertInto('disputes')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** What the provider says now: stage, status, respond-by (the state moves only through decide). */
    async refresh(
      id: string,
      changes: Pick<DisputeRow, 'stage' | 'providerStatus' | 'respondBy' | 'amountPaise' | 'updatedAt'>,
    ): Promise<void> {
      await db.updateTable('disputes').set(changes).where('id', '=', id).execute();
    },

    async setHeld(id: string, shareHeldPaise: number, shareFromWalletPaise: number): Promise<void> {
      await db.updateTable('disputes').set({ shareHeldPaise, shareFromWalletPaise }).where('id', '=', id).execute();
    },

    /** OPEN → WON or LOST, once: true for the one caller that moved it. Nothing stays held after. */
    async decide(id: string, state: Exclude<DisputeState, 'OPEN'>, now: number): Promise<boolean> {
      const result = await db
        .updateTable('disputes')
        .set({ state, resolvedAt: now, shareHeldPaise: 0, updatedAt: now })
        .where('id', '=', id)
        .where('state', '=', 'OPEN')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** WON → OPEN, once: a decided dispute the bank took further (pre-arbitration). */
    async reopen(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('disputes')
        .set({ state: 'OPEN', resolvedAt: null, updatedAt: now })
        .where('id', '=', id)
        .where('state', '=', 'WON')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** An open dispute of the order other than `exceptId`, if any. */
    async findOpenForOrder(orderId: string, exceptId?: string): Promise<DisputeRow | undefined> {
      let query = db.selectFrom('disputes').selectAll().where('orderId', '=', orderId).where('state', '=', 'OPEN');
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return query.executeTakeFirst();
    },

    /** The latest dispute of each of these orders. */
    async latestForOrders(orderIds: readonly string[]): Promise<DisputeRow[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .selectFrom('disputes')
        .selectAll()
        .where('orderId', 'in', orderIds)
        .orderBy('createdAt', 'desc')
        .execute();
      const latest = new Map<string, DisputeRow>();
      for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
      return [...latest.values()];
    },

    async countOpen(): Promise<number> {
      const row = await db
        .selectFrom('disputes')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('state', '=', 'OPEN')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    /** Open ones first by respond-by, then the latest decided; with what Kholo can show as evidence. */
    async listForAdmin(limit: number) {
      return db
        .selectFrom('disputes')
        .innerJoin('orders', 'orders.id', 'disputes.orderId')
        .innerJoin('authUsers', 'authUsers.id', 'orders.fanId')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .innerJoin('creators', 'creators.userId', 'disputes.creatorId')
        .leftJoin('unlocks', 'unlocks.orderId', 'orders.id')
        .leftJoin('refunds', 'refunds.orderId', 'orders.id')
        .selectAll('disputes')
        .select([
          'creators.handle as creatorHandle',
          'authUsers.email as fanEmail',
          'contents.title as contentTitle',
          'orders.createdAt as orderCreatedAt',
          'orders.paidAt',
          'orders.providerPaymentId',
          'orders.ipHash',
          'orders.paymentMethod as orderPaymentMethod',
          'unlocks.purchasedAt as unlockedAt',
          'unlocks.expiresAt as accessUntil',
          'unlocks.views',
          'unlocks.firstViewedAt',
          'unlocks.lastViewedAt',
          'refunds.createdAt as refundedAt',
          'refunds.paymentMethod',
          'refunds.viaBank',
        ])
        .orderBy(sql`case when disputes.state = 'OPEN' then 0 else 1 end`)
        .orderBy(sql`coalesce(disputes.respond_by, disputes.created_at)`)
        .limit(limit)
        .execute();
    },
  };
}
