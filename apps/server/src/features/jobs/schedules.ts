import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * When each periodic job next falls due, shared by every process. `claimDue` moves a due
 * schedule on by one interval with a guarded UPDATE, so of all the processes that find it due
 * exactly one gets `true` and queues the run (in the same transaction). A schedule missed while
 * every server was down runs once, not once per missed interval.
 */
export function createSchedules(db: Kysely<Database>) {
  return {
    /** Creates the schedule, first due one interval from now; pulls it in if the interval shrank. */
    async register(name: string, intervalMs: number, now: number): Promise<void> {
      await db
        .insertInto('jobSchedules')
        .values({ name, nextRunAt: now + intervalMs })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      await db
        .updateTable('jobSchedules')
        .set({ nextRunAt: now + intervalMs })
        .where('name', '=', name)
        .where('nextRunAt', '>', now + intervalMs)
        .execute();
    },

    async nextRunAt(name: string): Promise<number | null> {
      const row = await db.selectFrom('jobSchedules').select('nextRunAt').where('name', '=', name).executeTakeFirst();
      return row === undefined ? null : row.nextRunAt;
    },

    /** True for the one caller that moved the schedule on; it must queue the run in `trx`. */
    async claimDue(trx: Kysely<Database>, name: string, intervalMs: number, now: number): Promise<boolean> {
      const result = await trx
        .updateTable('jobSchedules')
        .set({ nextRunAt: now + intervalMs })
        .where('name', '=', name)
        .where('nextRunAt', '<=', now)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type Schedules = ReturnType<typeof createSchedules>;
