import { type Kysely, sql } from 'kysely';
import type { Database, ProblemReportsTable, RefundsTable, RefundStatus } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type RefundRow = RefundsTable;
export type ProblemReportRow = ProblemReportsTable;
export type RefundChanges = Partial<
  Pick<
    RefundRow,
    | 'status'
    | 'attempt'
    | 'paymentMethod'
    | 'providerRefundId'
    | 'providerStatus'
    | 'arn'
    | 'failureReason'
    | 'nextCheckAt'
    | 'sentAt'
    | 'finishedAt'
  >
>;

/** What a refund needs of its order, read with the order's row locked. */
export interface OrderForRefund {
  id: string;
  fanId: string;
  creatorId: string;
  contentId: string;
  amountPaise: number;
  status: string;
  failureReason: string | null;
  paidAt: number | null;
  providerPaymentId: string | null;
  paymentMethod: string | null;
}

/** The refunds' and problem reports' SQL (ADR 021). Plain rows; the rules are the services'. */
export function createRefundsRepository(db: Kysely<Database>): RefundsRepository {
  return joinable(refundQueries, db);
}

export type RefundsRepository = Joinable<ReturnType<typeof refundQueries>>;

function refundQueries(db: Kysely<Database>) {
  return {
    /**
     * The order, its row locked to the end of the caller's transaction (PostgreSQL; SQLite's
     * writers take turns): a refund and a dispute of one order are decided one after the other.
     * Money changes lock in one order everywhere, item, then order, then creator (settlement holds
     * the item first), so two of them never wait on each other: callers that will touch the item
     * or the creator lock the item first (lockItemThenOrder in the engine).
     */
    async lockOrder(orderId: string): Promise<OrderForRefund | undefined> {
      return db
        .selectFrom('orders')
        .select([
          'id',
          'fanId',
          'creatorId',
          'contentId',
          'amountPaise',
          'status',
          'failureReason',
          'paidAt',
          'providerPaymentId',
          'paymentMethod',
        ])
        .where('id', '=', orderId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** The order's item, read without a lock (it never changes): lock it before the order. */
    async findOrderItem(orderId: string): Promise<{ contentId: string } | undefined> {
      return db.selectFrom('orders').select('contentId').where('id', '=', orderId).executeTakeFirst();
    },

    async insert(row: RefundRow): Promise<void> {
      await db.insertInto('refunds').values(row).execute();
    },

    async findById(id: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByOrder(orderId: string): Promise<RefundRow | undefined> {
      return db.selectFrom('refunds').selectAll().where('orderId', '=', orderId).executeTakeFirst();
    },

    async findByOrders(orderIds: readonly string[]): Promise<RefundRow[]> {
      if (orderIds.length === 0) return [];
      return db.selectFrom('refunds').selectAll().where('orderId', 'in', orderIds).execute();
    },

    /** Moves a refund only from one of `from` (and, with `attempt`, only that attempt): true for the one caller that did. */
    async transition(
      id: string,
      from: readonly RefundStatus[],
      changes: RefundChanges,
      attempt?: number,
    ): Promise<boolean> {
      let update = db.updateTable('refunds').set(changes).where('id', '=', id).where('status', 'in', from);
      if (attempt !== undefined) update = update.where('attempt', '=', attempt);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** A failed refund, sent again under the next attempt's id. */
    async retry(id: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('refunds')
        .set({
          status: 'PENDING',
          attempt: sql<number>`attempt + 1`,
          failureReason: null,
          providerStatus: null,
          providerRefundId: null,
          sentAt: null,
          finishedAt: null,
          nextCheckAt: now,
          checks: 0,
        })
        .where('id', '=', id)
        .where('status', '=', 'FAILED')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Refunds the reconciler should look at now: waiting to be sent, or sent and due a check. */
    async listDue(now: number, limit: number): Promise<RefundRow[]> {
      return db
        .selectFrom('refunds')
        .selectAll()
        .where('status', 'in', ['PENDING', 'PROCESSING'])
        .where('nextCheckAt', '<=', now)
        .orderBy('nextCheckAt')
        .limit(limit)
        .execute();
    },

    /** Claims the next check for this process (several processes never ask about one refund at once). */
    async claimCheck(refund: RefundRow, nextCheckAt: number): Promise<boolean> {
      let update = db
        .updateTable('refunds')
        .set({ nextCheckAt, checks: sql<number>`checks + 1` })
        .where('id', '=', refund.id)
        .where('status', '=', refund.status);
      update =
        refund.nextCheckAt === null
          ? update.where('nextCheckAt', 'is', null)
          : update.where('nextCheckAt', '=', refund.nextCheckAt);
      const result = await update.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** The fan's email and name, the item and the creator, for the emails a refund sends. */
    async findEmailDetails(orderId: string) {
      return db
        .selectFrom('orders')
        .innerJoin('authUsers as fan', 'fan.id', 'orders.fanId')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .innerJoin('creators', 'creators.userId', 'orders.creatorId')
        .innerJoin('authUsers as creatorUser', 'creatorUser.id', 'orders.creatorId')
        .select([
          'fan.email as fanEmail',
          'fan.name as fanName',
          'contents.title',
          'creators.name as creatorName',
          'creatorUser.email as creatorEmail',
        ])
        .where('orders.id', '=', orderId)
        .executeTakeFirst();
    },

    /** The amounts of these orders. */
    async orderAmounts(orderIds: readonly string[]): Promise<{ id: string; amountPaise: number }[]> {
      if (orderIds.length === 0) return [];
      return db.selectFrom('orders').select(['id', 'amountPaise']).where('id', 'in', orderIds).execute();
    },

    // Problem reports.

    async insertReport(row: ProblemReportRow): Promise<boolean> {
      const inserted = await db
        .insertInto('problemReports')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findReport(id: string): Promise<ProblemReportRow | undefined> {
      return db.selectFrom('problemReports').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The latest report on each of these orders. */
    async latestReports(orderIds: readonly string[]): Promise<ProblemReportRow[]> {
      if (orderIds.length === 0) return [];
      const rows = await db
        .selectFrom('problemReports')
        .selectAll()
        .where('orderId', 'in', orderIds)
        .orderBy('createdAt', 'desc')
        .execute();
      const latest = new Map<string, ProblemReportRow>();
      for (const row of rows) if (!latest.has(row.orderId)) latest.set(row.orderId, row);
      return [...latest.values()];
    },

    async resolveReports(
      orderId: string,
      status: 'REFUNDED' | 'CLOSED',
      resolution: string,
      by: string | null,
      now: number,
    ): Promise<ProblemReportRow[]> {
      return db
        .updateTable('problemReports')
        .set({ status, resolution, resolvedBy: by, resolvedAt: now })
        .where('orderId', '=', orderId)
        .where('status', '=', 'OPEN')
        .returningAll()
        .execute();
    },

    async closeReport(id: string, resolution: string, by: string, now: number): Promise<ProblemReportRow | undefined> {
      return db
        .updateTable('problemReports')
        .set({ status: 'CLOSED', resolution, resolvedBy: by, resolvedAt: now })
        .where('id', '=', id)
        .where('status', '=', 'OPEN')
        .returningAll()
        .executeTakeFirst();
    },

    /** Open tickets first (oldest first: the 24-hour promise), then the latest answered. */
    async listReportsForAdmin(limit: number) {
      return db
        .selectFrom('problemReports')
        .innerJoin('orders', 'orders.id', 'problemReports.orderId')
        .innerJoin('authUsers', 'authUsers.id', 'orders.fanId')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .innerJoin('creators', 'creators.userId', 'orders.creatorId')
        .selectAll('problemReports')
        .select([
          'authUsers.email as fanEmail',
          'orders.amountPaise',
          'orders.paidAt',
          'contents.title as contentTitle',
          'creators.handle as creatorHandle',
        ])
        .orderBy(sql`case when problem_reports.status = 'OPEN' then 0 else 1 end`)
        .orderBy('problemReports.createdAt', 'desc')
        .limit(limit)
        .execute();
    },

    /** The fan's orders that reached a payment attempt or were paid, newest first, with their item. */
    async listPurchases(fanId: string, limit: number) {
      return db
        .selectFrom('orders')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .innerJoin('creators', 'creators.userId', 'orders.creatorId')
        .leftJoin('unlocks', 'unlocks.orderId', 'orders.id')
        .select([
          'orders.id',
          'orders.status',
          'orders.failureReason',
          'orders.amountPaise',
          'orders.createdAt',
          'orders.paidAt',
          'orders.providerPaymentId',
          'orders.paymentMethod',
          'orders.contentId',
          'orders.creatorId',
          'contents.title',
          'contents.mediaKind',
          'contents.isAdultContent',
          'contents.pricePaise',
          'contents.deletedAt',
          'contents.filesRemovedAt',
          'contents.hiddenAt',
          'contents.processingState',
          'creators.name as creatorName',
          'creators.handle as creatorHandle',
          'creators.suspendedAt',
          'unlocks.purchasedAt',
          'unlocks.expiresAt',
        ])
        .where('orders.fanId', '=', fanId)
        .where((eb) =>
          eb.or([
            eb('orders.status', 'in', ['PAID', 'FAILED']),
            eb.exists(eb.selectFrom('refunds').select('refunds.id').whereRef('refunds.orderId', '=', 'orders.id')),
          ]),
        )
        .orderBy('orders.createdAt', 'desc')
        .limit(limit)
        .execute();
    },

    async countOpenReports(): Promise<number> {
      const row = await db
        .selectFrom('problemReports')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('status', '=', 'OPEN')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async countFailed(): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('status', '=', 'FAILED')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async sumRefunded(): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
