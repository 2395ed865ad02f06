import type { Kysely } from 'kysely';
import type { Database, SimulatorPayoutTransfersTable } from '../../../db/schema.js';

export type SimulatorTransferRow = SimulatorPayoutTransfersTable;

/** The payouts simulator's transfers table (migration 0011): plain rows, the JSON state left as text. */
export function createSimulatorTransfersRepository(db: Kysely<Database>) {
  return {
    /** False when a transfer with this id already exists. */
    async insert(row: SimulatorTransferRow): Promise<boolean> {
      const inserted = await db
        .insertInto('simulatorPayoutTransfers')
        .values(row)
        .onConflict((conflict) => conflict.column('transferId').doNothing())
        .returning('transferId')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async findById(transferId: string): Promise<SimulatorTransferRow | undefined> {
      return db
        .selectFrom('simulatorPayoutTransfers')
        .selectAll()
        .where('transferId', '=', transferId)
        .executeTakeFirst();
    },

    /**
     * Transfers the simulated bank has something to say about by `now`, earliest first. With
     * `skipHeld`, those held PENDING by the longPending switch are left out (only they carry
     * `"heldPending":true` in the state), so they do not crowd the others out of the limit.
     */
    async findDue(now: number, limit: number, options: { skipHeld: boolean }): Promise<{ transferId: string }[]> {
      let query = db
        .selectFrom('simulatorPayoutTransfers')
        .select('transferId')
        .where('dueAt', 'is not', null)
        .where('dueAt', '<=', now);
      if (options.skipHeld) query = query.where('state', 'not like', '%"heldPending":true%');
      return query.orderBy('dueAt').limit(limit).execute();
    },

    /** Every transfer's state, for the balance: the table is never pruned (see SimulatorTransfers). */
    async listStates(): Promise<SimulatorTransferRow[]> {
      return db.selectFrom('simulatorPayoutTransfers').selectAll().execute();
    },

    /** Writes the new state only if nobody else has since the row was read at `version`. */
    async updateIfVersion(transferId: string, version: number, state: string, dueAt: number | null): Promise<boolean> {
      const result = await db
        .updateTable('simulatorPayoutTransfers')
        .set({ state, dueAt, version: version + 1 })
        .where('transferId', '=', transferId)
        .where('version', '=', version)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type SimulatorTransfersRepository = ReturnType<typeof createSimulatorTransfersRepository>;
