import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

/** SQL for telling creators about their sales: who she is, what she sold since the last notice. */
export function createSaleNotificationsRepository(db: Kysely<Database>): SaleNotificationsRepository {
  return joinable(saleNotificationQueries, db);
}

export type SaleNotificationsRepository = Joinable<ReturnType<typeof saleNotificationQueries>>;

function saleNotificationQueries(db: Kysely<Database>) {
  return {
    async findCreator(creatorId: string) {
      return db
        .selectFrom('creators')
        .innerJoin('authUsers', 'authUsers.id', 'creators.userId')
        .select(['creators.userId', 'creators.name', 'creators.salesNotified', 'authUsers.email'])
        .where('creators.userId', '=', creatorId)
        .executeTakeFirst();
    },

    /** Her sales after the first `told`, oldest first: when, what, and what reached her wallet. */
    async salesAfter(creatorId: string, told: number, limit: number) {
      return db
        .selectFrom('ledgerTransactions')
        .innerJoin('ledgerEntries', 'ledgerEntries.transactionId', 'ledgerTransactions.id')
        .innerJoin('orders', 'orders.id', 'ledgerTransactions.orderId')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .select([
          'ledgerTransactions.createdAt',
          'ledgerEntries.amountPaise as creditPaise',
          'contents.title',
          'orders.amountPaise as pricePaise',
        ])
        .where('ledgerTransactions.kind', '=', 'sale')
        .where('ledgerTransactions.creatorId', '=', creatorId)
        .where('ledgerEntries.account', '=', 'creator_wallet')
        .orderBy('ledgerTransactions.createdAt')
        .orderBy('ledgerTransactions.id')
        .offset(told)
        .limit(limit)
        .execute();
    },

    /** Counts `more` sales as told, from `from`; false when another run counted them first. */
    async markTold(creatorId: string, from: number, more: number): Promise<boolean> {
      const result = await db
        .updateTable('creators')
        .set({ salesNotified: from + more })
        .where('userId', '=', creatorId)
        .where('salesNotified', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** When her last told sale was made; null before her first email. */
    async lastToldAt(creatorId: string, told: number): Promise<number | null> {
      if (told === 0) return null;
      const row = await db
        .selectFrom('ledgerTransactions')
        .select('createdAt')
        .where('kind', '=', 'sale')
        .where('creatorId', '=', creatorId)
        .orderBy('createdAt')
        .orderBy('id')
        .offset(told - 1)
        .limit(1)
        .executeTakeFirst();
      return row?.createdAt ?? null;
    },
  };
}
