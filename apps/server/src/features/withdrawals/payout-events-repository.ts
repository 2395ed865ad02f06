import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database, PayoutEventsTable } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type PayoutEventRow = Selectable<PayoutEventsTable>;
export type NewPayoutEvent = Omit<PayoutEventRow, 'id' | 'deliveries' | 'createdAt' | 'lastSeenAt'>;

/** What the payouts provider told us (webhooks, polls, answers to a send), for the Logs. */
export function createPayoutEventsRepository(db: Kysely<Database>): PayoutEventsRepository {
  return joinable(payoutEventQueries, db);
}

export type PayoutEventsRepository = Joinable<ReturnType<typeof payoutEventQueries>>;

function payoutEventQueries(db: Kysely<Database>) {
  return {
    /** Records an event; a repeat of the same one counts a delivery instead. True when it is new. */
    async record(event: NewPayoutEvent, now: number): Promise<boolean> {
      const inserted = await db
        .insertInto('payoutEvents')
        .values({ id: randomUUID(), ...event, deliveries: 1, createdAt: now, lastSeenAt: now })
        .onConflict((conflict) => conflict.column('dedupeKey').doNothing())
        .executeTakeFirst();
      if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return true;
      await db
        .updateTable('payoutEvents')
        .set({ deliveries: sql<number>`deliveries + 1`, lastSeenAt: now })
        .where('dedupeKey', '=', event.dedupeKey)
        .execute();
      return false;
    },

    async listRecent(limit: number): Promise<PayoutEventRow[]> {
      return db
        .selectFrom('payoutEvents')
        .selectAll()
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
