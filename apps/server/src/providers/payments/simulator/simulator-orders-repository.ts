import type { Kysely } from 'kysely';
import type { Database, SimulatorOrdersTable } from '../../../db/schema.js';

export type SimulatorOrderRow = SimulatorOrdersTable;

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
     * Orders with an attempt still waiting for the bank. Only such an attempt carries
     * `resolvesAt` in the state (JSON leaves absent fields out), and the table holds a day of
     * orders at most, so a text match is enough and needs no column of its own.
     */
    async findWithPendingAttempts(limit: number): Promise<{ orderId: string }[]> {
      return db
        .selectFrom('simulatorOrders')
        .select('orderId')
        .where('state', 'like', '%"resolvesAt":%')
        .orderBy('createdAt')
        .limit(limit)
        .execute();
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

    /** Removes orders created before `createdBefore`, and all but the newest `keep`. */
    async deleteOld(createdBefore: number, keep: number): Promise<void> {
      await db.deleteFrom('simulatorOrders').where('createdAt', '<', createdBefore).execute();
      const boundary = await db
        .selectFrom('simulatorOrders')
        .select('createdAt')
        .orderBy('createdAt', 'desc')
        .limit(1)
        .offset(keep)
        .executeTakeFirst();
      if (boundary !== undefined) {
        await db.deleteFrom('simulatorOrders').where('createdAt', '<=', boundary.createdAt).execute();
      }
    },
  };
}

export type SimulatorOrdersRepository = ReturnType<typeof createSimulatorOrdersRepository>;
