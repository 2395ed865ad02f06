import type { Kysely } from 'kysely';
import type { Database, SimulatorOrdersTable } from '../../../db/schema.js';

export type SimulatorOrderRow = SimulatorOrdersTable;

/** Matches the state of a paid order (see deleteOld). */
const PAID = '%"status":"PAID"%';

/** The simulator's orders table (migration 0006): plain rows, the JSON state left as text. */
export function createSimulatorOrdersRepository(db: Kysely<Database>) {
  return {
    /** False when an order with this id already exists. */
    async insert(row: SimulatorOrderRow): Promise<boolean> {
      const inserted = await db
        .insertInto('simulatorOrders')
        .values(row)
        .onConflict((conflict) => conflict.column('orderId').doNothing())
        .returning('orderId')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findById(orderId: string): Promise<SimulatorOrderRow | undefined> {
      return db.selectFrom('simulatorOrders').selectAll().where('orderId', '=', orderId).executeTakeFirst();
    },

    async findBySession(sessionId: string): Promise<SimulatorOrderRow | undefined> {
      return db.selectFrom('simulatorOrders').selectAll().where('sessionId', '=', sessionId).executeTakeFirst();
    },

    /**
     * Orders with something the clock will bring about: an attempt still waiting for the bank
     * (`resolvesAt`), a refund waiting for it (`settlesAt`), a dispute waiting for the merchant
     * (`lapsesAt`). Only those carry these keys in the state (JSON leaves absent fields out). A
     * text match reads every row, but the rows are a simulator's (a day of unpaid orders, 60 days
     * of paid ones), which is not worth a column of its own.
     */
    async findWithDueWork(limit: number): Promise<{ orderId: string }[]> {
      return db
        .selectFrom('simulatorOrders')
        .select('orderId')
        .where((where) =>
          where.or([
            where('state', 'like', '%"resolvesAt":%'),
            where('state', 'like', '%"settlesAt":%'),
            where('state', 'like', '%"lapsesAt":%'),
          ]),
        )
        .orderBy('createdAt')
        .limit(limit)
        .execute();
    },

    /** The order holding the dispute with this id (digits only; anything else finds nothing). */
    async findWithDispute(disputeId: string): Promise<SimulatorOrderRow | undefined> {
      if (!/^\d{1,12}$/.test(disputeId)) return undefined;
      return db
        .selectFrom('simulatorOrders')
        .selectAll()
        .where('state', 'like', `%"disputeId":"${disputeId}"%`)
        .executeTakeFirst();
    },

    /** The order holding the payment attempt with this cf_payment_id (digits only; anything else finds nothing). */
    async findWithPayment(cfPaymentId: string): Promise<SimulatorOrderRow | undefined> {
      if (!/^\d{1,20}$/.test(cfPaymentId)) return undefined;
      return db
        .selectFrom('simulatorOrders')
        .selectAll()
        .where('state', 'like', `%"cfPaymentId":"${cfPaymentId}"%`)
        .executeTakeFirst();
    },

    /** Writes the new state only if nobody else has since the row was read at `version`. */
    async updateStateIfVersion(orderId: string, version: number, state: string): Promise<boolean> {
      const result = await db
        .updateTable('simulatorOrders')
        .set({ state, version: version + 1 })
        .where('orderId', '=', orderId)
        .where('version', '=', version)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Removes every order created before `paidBefore`, unpaid ones created before `unpaidBefore`,
     * and all unpaid ones but the newest `keepUnpaid`. A paid order's state is the only text with
     * `"status":"PAID"` in it (attempts, refunds and disputes use other words).
     */
    async deleteOld(options: { unpaidBefore: number; paidBefore: number; keepUnpaid: number }): Promise<void> {
      await db.deleteFrom('simulatorOrders').where('createdAt', '<', options.paidBefore).execute();
      await db
        .deleteFrom('simulatorOrders')
        .where('createdAt', '<', options.unpaidBefore)
        .where('state', 'not like', PAID)
        .execute();
      const boundary = await db
        .selectFrom('simulatorOrders')
        .select('createdAt')
        .where('state', 'not like', PAID)
        .orderBy('createdAt', 'desc')
        .limit(1)
        .offset(options.keepUnpaid)
        .executeTakeFirst();
      if (boundary !== undefined) {
        await db
          .deleteFrom('simulatorOrders')
          .where('createdAt', '<=', boundary.createdAt)
          .where('state', 'not like', PAID)
          .execute();
      }
    },
  };
}

export type SimulatorOrdersRepository = ReturnType<typeof createSimulatorOrdersRepository>;
