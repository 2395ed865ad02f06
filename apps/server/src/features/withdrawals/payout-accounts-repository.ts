import type { Kysely, Selectable } from 'kysely';
import type { Database, PayoutAccountsTable } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type PayoutAccountRow = Selectable<PayoutAccountsTable>;

/** SQL for where creators are paid. Plain rows out, no rules. */
export function createPayoutAccountsRepository(db: Kysely<Database>): PayoutAccountsRepository {
  return joinable(payoutAccountQueries, db);
}

export type PayoutAccountsRepository = Joinable<ReturnType<typeof payoutAccountQueries>>;

function payoutAccountQueries(db: Kysely<Database>) {
  return {
    async find(creatorId: string): Promise<PayoutAccountRow | undefined> {
      return db.selectFrom('payoutAccounts').selectAll().where('creatorId', '=', creatorId).executeTakeFirst();
    },

    /** Her one account, written whole: created the first time, replaced after. */
    async save(row: PayoutAccountRow): Promise<void> {
      const { upiId, verifiedName, legalName, pan, nameOverrideAt, reviewRequiredSince, verifiedAt, updatedAt } = row;
      const changes = {
        upiId,
        verifiedName,
        legalName,
        pan,
        nameOverrideAt,
        reviewRequiredSince,
        verifiedAt,
        updatedAt,
      };
      await db
        .insertInto('payoutAccounts')
        .values(row)
        .onConflict((conflict) => conflict.column('creatorId').doUpdateSet(changes))
        .execute();
    },

    /** The admin let a payout to this UPI ID go: the account needs no more review until it changes. */
    async markReviewed(creatorId: string, upiId: string): Promise<void> {
      await db
        .updateTable('payoutAccounts')
        .set({ reviewRequiredSince: null })
        .where('creatorId', '=', creatorId)
        .where('upiId', '=', upiId)
        .execute();
    },
  };
}
