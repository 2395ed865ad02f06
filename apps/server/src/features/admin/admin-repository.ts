import { IN_FLIGHT_STATUSES } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';
import { raisePageVersionOfItem } from '../creators/index.js';

/** PostgreSQL sums BIGINT as NUMERIC and may count as BIGINT, which arrive as text; SQLite gives numbers. */
function toNumber(value: number | string | bigint | null): number {
  return value === null ? 0 : Number(value);
}

/** SQL for the admin panel's reads and moderation switches. Plain rows out, no rules. */
export function createAdminRepository(db: Kysely<Database>): AdminRepository {
  return joinable(adminQueries, db);
}

export type AdminRepository = Joinable<ReturnType<typeof adminQueries>>;

function adminQueries(db: Kysely<Database>) {
  function contentRows() {
    return db
      .selectFrom('contents')
      .innerJoin('creators', 'creators.userId', 'contents.creatorId')
      .select([
        'contents.id',
        'contents.createdAt',
        'contents.title',
        'contents.description',
        'contents.mediaKind',
        'contents.pricePaise',
        'contents.isAdultContent',
        'contents.unlocks',
        'contents.earningsPaise',
        'contents.creatorId',
        'creators.handle as creatorHandle',
        'creators.name as creatorName',
        'contents.hiddenAt',
        'contents.hiddenReason',
      ])
      .where('contents.deletedAt', 'is', null);
  }

  function creatorRows() {
    return db
      .selectFrom('creators')
      .innerJoin('authUsers', 'authUsers.id', 'creators.userId')
      .select((eb) => [
        'creators.userId as id',
        'creators.createdAt',
        'creators.name',
        'creators.handle',
        'authUsers.email',
        'creators.walletBalancePaise',
        eb
          .selectFrom('contents')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .whereRef('contents.creatorId', '=', 'creators.userId')
          .where('contents.deletedAt', 'is', null)
          .as('contentCount'),
        // Deleted items included, as on her dashboard: what was earned stays earned.
        eb
          .selectFrom('contents')
          .select((sub) => sub.fn.sum<number | string | null>('contents.earningsPaise').as('total'))
          .whereRef('contents.creatorId', '=', 'creators.userId')
          .as('earningsPaise'),
        'creators.suspendedAt',
        'creators.suspendedReason',
      ]);
  }

  type RawCreatorRow = Awaited<ReturnType<ReturnType<typeof creatorRows>['execute']>>[number];
  function creatorOut(row: RawCreatorRow) {
    return { ...row, contentCount: toNumber(row.contentCount), earningsPaise: toNumber(row.earningsPaise) };
  }

  return {
    async countsAndMoney() {
      const count = (value: { n: number | string | bigint }) => toNumber(value.n);
      const [users, creators, fans, orders, payments, unlocks, contents] = await Promise.all([
        db
          .selectFrom('authUsers')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('creators')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('fans')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('orders')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('n'),
            eb.fn.sum<number | string | null>('amountPaise').as('total'),
          ])
          .where('status', '=', 'PAID')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('unlocks')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('contents')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where('deletedAt', 'is', null)
          .executeTakeFirstOrThrow(),
      ]);
      const [fees, balances, pending, paid] = await Promise.all([
        // Kholo's cut of sales, less what refunds gave back: an admin adjustment also touches
        // platform revenue, but it is no fee.
        db
          .selectFrom('ledgerEntries')
          .innerJoin('ledgerTransactions', 'ledgerTransactions.id', 'ledgerEntries.transactionId')
          .select((eb) => eb.fn.sum<number | string | null>('ledgerEntries.amountPaise').as('total'))
          .where('ledgerTransactions.kind', 'in', ['sale', 'refund', 'dispute_lost'])
          .where('ledgerEntries.account', '=', 'platform_revenue')
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('creators')
          .select((eb) => [
            eb.fn.sum<number | string | null>('walletBalancePaise').as('total'),
            eb.fn.sum<number | string | null>('receivablePaise').as('owed'),
          ])
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('withdrawals')
          .select((eb) => [
            eb.fn.countAll<number | string>().as('n'),
            eb.fn.sum<number | string | null>('amountPaise').as('total'),
          ])
          .where('status', 'in', IN_FLIGHT_STATUSES)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('withdrawals')
          .select((eb) => eb.fn.sum<number | string | null>('amountPaise').as('total'))
          .where('status', '=', 'PAID')
          .executeTakeFirstOrThrow(),
      ]);
      return {
        counts: {
          users: count(users),
          creators: count(creators),
          fans: count(fans),
          payments: count(payments),
          orders: count(orders),
          unlocks: count(unlocks),
          contents: count(contents),
        },
        money: {
          salesPaise: toNumber(payments.total),
          platformFeesPaise: toNumber(fees.total),
          creatorBalancesPaise: toNumber(balances.total),
          withdrawalsPendingPaise: toNumber(pending.total),
          withdrawalsPendingCount: count(pending),
          withdrawalsPaidPaise: toNumber(paid.total),
          creatorReceivablesPaise: toNumber(balances.owed),
        },
      };
    },

    /** Orders newest first, with who bought what from whom. */
    async listOrders(limit: number) {
      return db
        .selectFrom('orders')
        .innerJoin('authUsers', 'authUsers.id', 'orders.fanId')
        .innerJoin('contents', 'contents.id', 'orders.contentId')
        .innerJoin('creators', 'creators.userId', 'orders.creatorId')
        .select([
          'orders.id',
          'orders.createdAt',
          'orders.status',
          'orders.amountPaise',
          'orders.paidAt',
          'orders.failureReason',
          'orders.provider',
          'orders.providerPaymentId',
          'authUsers.email as fanEmail',
          'orders.contentId',
          'contents.title as contentTitle',
          'orders.creatorId',
          'creators.handle as creatorHandle',
        ])
        .orderBy('orders.createdAt', 'desc')
        .orderBy('orders.id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Items not deleted by their creator, hidden ones included, newest first. */
    async listContents(limit: number) {
      return contentRows().orderBy('contents.createdAt', 'desc').orderBy('contents.id', 'desc').limit(limit).execute();
    },

    async findContent(id: string) {
      return contentRows().where('contents.id', '=', id).executeTakeFirst();
    },

    async listCreators(limit: number) {
      const rows = await creatorRows()
        .orderBy('creators.createdAt', 'desc')
        .orderBy('creators.userId', 'desc')
        .limit(limit)
        .execute();
      return rows.map(creatorOut);
    },

    async findCreator(id: string) {
      const row = await creatorRows().where('creators.userId', '=', id).executeTakeFirst();
      return row === undefined ? undefined : creatorOut(row);
    },

    /** What providers told us and what we asked them, newest first. */
    async listPaymentEvents(limit: number) {
      return db
        .selectFrom('paymentEvents')
        .select([
          'id',
          'createdAt',
          'lastSeenAt',
          'source',
          'eventType',
          'orderId',
          'providerPaymentId',
          'paymentStatus',
          'amountPaise',
          'currency',
          'outcome',
          'deliveries',
        ])
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** An item's moderation state; undefined when it does not exist or its creator deleted it. */
    async findContentStanding(id: string) {
      return db
        .selectFrom('contents')
        .select(['id', 'creatorId', 'title', 'hiddenAt', 'hiddenReason', 'heldAt'])
        .where('id', '=', id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
    },

    /**
     * Hides or shows an item, only if it is still in the state the caller read (`hiddenAt`):
     * of two admins acting at once, one changes the row and the other changes nothing.
     */
    async setContentHidden(
      id: string,
      expectedHiddenAt: number | null,
      next: { hiddenAt: number | null; hiddenReason: string | null; heldAt?: number | null },
    ): Promise<boolean> {
      // Any change of standing ends a hold unless it is one (ADR 023).
      let query = db
        .updateTable('contents')
        .set({ heldAt: null, ...next })
        .where('id', '=', id)
        .where('deletedAt', 'is', null);
      query =
        expectedHiddenAt === null
          ? query.where('hiddenAt', 'is', null)
          : query.where('hiddenAt', '=', expectedHiddenAt);
      const result = await query.executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      // Her page shows the item or not: every process's copy of it is out of date (ADR 026).
      await raisePageVersionOfItem(db, id);
      return true;
    },

    async findCreatorStanding(id: string) {
      return db
        .selectFrom('creators')
        .select(['userId', 'suspendedAt', 'suspendedReason'])
        .where('userId', '=', id)
        .executeTakeFirst();
    },

    /** Suspends or reinstates a creator, only if she is still in the state the caller read. */
    async setCreatorSuspended(
      id: string,
      expectedSuspendedAt: number | null,
      next: { suspendedAt: number | null; suspendedReason: string | null },
    ): Promise<boolean> {
      // Her page goes or comes back: its version rises with it (ADR 026).
      let query = db
        .updateTable('creators')
        .set((eb) => ({ ...next, contentVersion: eb('contentVersion', '+', 1) }))
        .where('userId', '=', id);
      query =
        expectedSuspendedAt === null
          ? query.where('suspendedAt', 'is', null)
          : query.where('suspendedAt', '=', expectedSuspendedAt);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}
