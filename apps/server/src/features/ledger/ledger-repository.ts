import { IN_FLIGHT_STATUSES } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database, LedgerAccount, LedgerTransactionKind } from '../../db/schema.js';

/** The `creators` column that caches each per-creator account. */
export type CachedBalanceColumn = 'walletBalancePaise' | 'receivablePaise' | 'heldPaise';

export interface TransactionRow {
  id: string;
  reference: string;
  kind: LedgerTransactionKind;
  orderId: string | null;
  withdrawalId: string | null;
  refundId: string | null;
  disputeId: string | null;
  creatorId: string | null;
  memo: string;
  createdBy: string | null;
  createdAt: number;
}

export interface EntryRow {
  account: LedgerAccount;
  creatorId: string | null;
  amountPaise: number;
}

/**
 * The ledger's SQL (DESIGN §3), plain rows in and out. Only ledger.ts calls the writes: it is the
 * one place that decides what a posting does to the cached balances.
 */
export function createLedgerRepository(db: Kysely<Database>) {
  return {
    async insertTransaction(row: TransactionRow, entries: readonly EntryRow[]): Promise<void> {
      await db.insertInto('ledgerTransactions').values(row).execute();
      await db
        .insertInto('ledgerEntries')
        .values(
          entries.map((entry, index) => ({
            id: `${row.id}.${index}`,
            transactionId: row.id,
            createdAt: row.createdAt,
            ...entry,
          })),
        )
        .execute();
    },

    /**
     * Moves one cached balance in one statement that refuses to go below zero (DESIGN §3: no
     * SELECT-then-UPDATE), and, with `onlyIf`, refuses unless it is exactly that amount first.
     * The balance after, or undefined when it refused (or there is no such creator).
     */
    async moveCachedBalance(
      column: CachedBalanceColumn,
      creatorId: string,
      deltaPaise: number,
      onlyIf: number | undefined,
    ): Promise<number | undefined> {
      let update = db
        .updateTable('creators')
        .set((eb) => ({ [column]: eb(column, '+', deltaPaise) }))
        .where('userId', '=', creatorId)
        .where((eb) => eb(eb(column, '+', deltaPaise), '>=', 0));
      if (onlyIf !== undefined) update = update.where(column, '=', onlyIf);
      const row = await update.returning(column).executeTakeFirst();
      return row?.[column];
    },

    /**
     * Her three cached balances, with her row locked to the end of the caller's transaction on
     * PostgreSQL (SQLite's writers are one at a time already), so lines built from them still fit.
     */
    async lockedBalances(creatorId: string) {
      return db
        .selectFrom('creators')
        .select(['walletBalancePaise', 'receivablePaise', 'heldPaise'])
        .where('userId', '=', creatorId)
        .forUpdate()
        .executeTakeFirst();
    },

    async cachedBalance(column: CachedBalanceColumn, creatorId: string): Promise<number | undefined> {
      const row = await db.selectFrom('creators').select(column).where('userId', '=', creatorId).executeTakeFirst();
      return row?.[column];
    },

    /** Each creator's cached balance of `column` beside the sum of her entries in `account`. */
    async cachedAndDerived(column: CachedBalanceColumn, account: LedgerAccount) {
      const rows = await db
        .selectFrom('creators')
        .leftJoin('ledgerEntries', (join) =>
          join.onRef('ledgerEntries.creatorId', '=', 'creators.userId').on('ledgerEntries.account', '=', account),
        )
        .select([
          'creators.userId as creatorId',
          `creators.${column} as cached`,
          (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('ledgerEntries.amountPaise'), eb.lit(0)).as('sum'),
        ])
        .groupBy(['creators.userId', `creators.${column}`])
        .execute();
      return rows.map((row) => ({ creatorId: row.creatorId, cached: row.cached, sum: Number(row.sum) }));
    },

    async unbalancedTransactions(): Promise<string[]> {
      const rows = await db
        .selectFrom('ledgerEntries')
        .select('transactionId')
        .groupBy('transactionId')
        .having((eb) => eb.fn.sum('amountPaise'), '<>', 0)
        .execute();
      return rows.map((row) => row.transactionId);
    },

    /** The sum of every entry, or of one account's. */
    async total(account?: LedgerAccount): Promise<number> {
      let query = db
        .selectFrom('ledgerEntries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'));
      if (account !== undefined) query = query.where('account', '=', account);
      return Number((await query.executeTakeFirstOrThrow()).total);
    },

    /** Withdrawals whose money is still held: requested, in review or sent and not yet answered. */
    async sumInFlightWithdrawals(): Promise<number> {
      const row = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('status', 'in', IN_FLIGHT_STATUSES)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Refunds whose money is still owed to the fan: not yet paid back by the provider (ADR 021). */
    async sumRefundsOwed(): Promise<number> {
      const row = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('status', 'in', ['PENDING', 'PROCESSING', 'FAILED'])
        .where('viaBank', '=', 0)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** What open disputes hold from creators. */
    async sumHeldForDisputes(): Promise<number> {
      const row = await db
        .selectFrom('disputes')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('shareHeldPaise'), eb.lit(0)).as('total'))
        .where('state', '=', 'OPEN')
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** The fee and creator lines of the sales of these orders. */
    async saleLines(orderIds: readonly string[]) {
      if (orderIds.length === 0) return [];
      const rows = await db
        .selectFrom('ledgerTransactions')
        .innerJoin('ledgerEntries', 'ledgerEntries.transactionId', 'ledgerTransactions.id')
        .select(['ledgerTransactions.orderId', 'ledgerEntries.account', 'ledgerEntries.amountPaise'])
        .where('ledgerTransactions.orderId', 'in', orderIds)
        .where('ledgerTransactions.kind', '=', 'sale')
        // Her share went to her wallet, or paid down what she owed (a receivable), or both.
        .where('ledgerEntries.account', 'in', ['platform_revenue', 'creator_wallet', 'creator_receivable'])
        .execute();
      return rows.map((row) => ({ orderId: row.orderId ?? '', account: row.account, amountPaise: row.amountPaise }));
    },
  };
}
