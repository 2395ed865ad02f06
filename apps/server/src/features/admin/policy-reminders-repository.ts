import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export interface PolicyReminderRunRow {
  id: string;
  startedBy: string;
  startedByEmail: string;
  startedAt: number;
  sent: number;
  cursor: string;
  updatedAt: number;
  finishedAt: number | null;
}

export interface ReminderRecipient {
  id: string;
  name: string;
  email: string;
}

/** SQL for the rules' reminder runs (migration 0017) and the accounts they write to. */
export function createPolicyRemindersRepository(db: Kysely<Database>): PolicyRemindersRepository {
  return joinable(policyReminderQueries, db);
}

export type PolicyRemindersRepository = Joinable<ReturnType<typeof policyReminderQueries>>;

const RUN_COLUMNS = [
  'id',
  'startedBy',
  'startedByEmail',
  'startedAt',
  'sent',
  'cursor',
  'updatedAt',
  'finishedAt',
] as const;

function policyReminderQueries(db: Kysely<Database>) {
  return {
    /** Refused by the unique index on `active` when another run is going (isUniqueViolation). */
    async insertRun(run: { id: string; startedBy: string; startedByEmail: string; now: number }): Promise<void> {
      await db
        .insertInto('policyReminderRuns')
        .values({
          id: run.id,
          startedBy: run.startedBy,
          startedByEmail: run.startedByEmail,
          startedAt: run.now,
          updatedAt: run.now,
          active: 1,
        })
        .execute();
    },

    async findRun(id: string): Promise<PolicyReminderRunRow | undefined> {
      return db.selectFrom('policyReminderRuns').select(RUN_COLUMNS).where('id', '=', id).executeTakeFirst();
    },

    async findRunningRun(): Promise<PolicyReminderRunRow | undefined> {
      return db.selectFrom('policyReminderRuns').select(RUN_COLUMNS).where('active', '=', 1).executeTakeFirst();
    },

    async findLatestRun(): Promise<PolicyReminderRunRow | undefined> {
      return db
        .selectFrom('policyReminderRuns')
        .select(RUN_COLUMNS)
        .orderBy('startedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    async findLastFinishedAt(): Promise<number | null> {
      const row = await db
        .selectFrom('policyReminderRuns')
        .select((eb) => eb.fn.max('finishedAt').as('last'))
        .executeTakeFirst();
      return row?.last ?? null;
    },

    /**
     * Accounts after `after` in id order, at most `limit`: not deleted, and not the admin's
     * (`exceptEmail`), who writes the rules rather than follows them.
     */
    async recipientsAfter(after: string, limit: number, exceptEmail: string): Promise<ReminderRecipient[]> {
      return db
        .selectFrom('authUsers')
        .select(['id', 'name', 'email'])
        .where('id', '>', after)
        .where('deletedAt', 'is', null)
        .where('email', '!=', exceptEmail)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * Moves the run's cursor from `from` to `to`, counting `sent` more, when it is still at `from`:
     * true when this call moved it. The claim on a batch: a second run of the same batch (a retry,
     * or the same job twice) finds the cursor moved and sends nothing. On PostgreSQL the second
     * waits for the first's row lock and then sees its commit.
     */
    async advanceCursor(id: string, from: string, to: string, sent: number, now: number): Promise<boolean> {
      const result = await db
        .updateTable('policyReminderRuns')
        .set((eb) => ({ cursor: to, sent: eb('sent', '+', sent), updatedAt: now }))
        .where('id', '=', id)
        .where('cursor', '=', from)
        .where('active', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async finishRun(id: string, now: number): Promise<void> {
      await db
        .updateTable('policyReminderRuns')
        .set({ finishedAt: now, updatedAt: now, active: null })
        .where('id', '=', id)
        .where('active', '=', 1)
        .execute();
    },
  };
}
