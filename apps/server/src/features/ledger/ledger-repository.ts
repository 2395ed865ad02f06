import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database, LedgerAccount, LedgerTransactionsTable } from '../../db/schema.js';

export interface LedgerLine {
  account: LedgerAccount;
  creatorId: string | null;
  amountPaise: number;
}

export interface NewLedgerTransaction {
  reference: string;
  kind: LedgerTransactionsTable['kind'];
  orderId: string | null;
  creatorId: string | null;
  memo: string;
  createdBy: string | null;
  lines: LedgerLine[];
}

/**
 * The ledger's SQL (DESIGN §3). Writes happen inside the caller's transaction, which also moves
 * the cached wallet balance, so the cache and the entries can never disagree.
 */
export function createLedgerRepository(db: Kysely<Database>) {
  return {
    /** Posts one balanced transaction; its reference is unique, so a repeat fails instead of doubling. */
    async post(transaction: NewLedgerTransaction, createdAt: number): Promise<string> {
      const sum = transaction.lines.reduce((total, line) => total + line.amountPaise, 0);
      if (sum !== 0 || transaction.lines.length < 2)
        throw new Error(`unbalanced ledger transaction ${transaction.reference}`);
      const id = randomUUID();
      await db
        .insertInto('ledgerTransactions')
        .values({
          id,
          reference: transaction.reference,
          kind: transaction.kind,
          orderId: transaction.orderId,
          creatorId: transaction.creatorId,
          memo: transaction.memo,
          createdBy: transaction.createdBy,
          createdAt,
        })
        .execute();
      await db
        .insertInto('ledgerEntries')
        .values(transaction.lines.map((line) => ({ id: randomUUID(), transactionId: id, createdAt, ...line })))
        .execute();
      return id;
    },

    /**
     * Adds to (or takes from) a creator's cached balance in one statement that refuses to go
     * below zero (DESIGN §3: no SELECT-then-UPDATE). False when it would have.
     */
    async moveWalletBalance(creatorId: string, deltaPaise: number): Promise<boolean> {
      const result = await db
        .updateTable('creators')
        .set({ walletBalancePaise: sql<number>`wallet_balance_paise + ${deltaPaise}` })
        .where('userId', '=', creatorId)
        .where(sql<boolean>`wallet_balance_paise + ${deltaPaise} >= 0`)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async walletBalance(creatorId: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('creators')
        .select('walletBalancePaise')
        .where('userId', '=', creatorId)
        .executeTakeFirst();
      return row?.walletBalancePaise;
    },

    /**
     * The ledger's promises, checked: every transaction sums to zero, every cached balance equals
     * the sum of its creator's wallet entries, none is negative, and payouts in transit equals the
     * withdrawals still REQUESTED. Empty lists and a null mismatch mean all hold.
     */
    async checkInvariants(): Promise<LedgerInvariantReport> {
      const unbalanced = await db
        .selectFrom('ledgerEntries')
        .select(['transactionId', (eb) => eb.fn.sum<number | string>('amountPaise').as('total')])
        .groupBy('transactionId')
        .having((eb) => eb.fn.sum('amountPaise'), '<>', 0)
        .execute();
      const total = await db
        .selectFrom('ledgerEntries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .executeTakeFirstOrThrow();
      const derived = await db
        .selectFrom('creators')
        .leftJoin('ledgerEntries', (join) =>
          join
            .onRef('ledgerEntries.creatorId', '=', 'creators.userId')
            .on('ledgerEntries.account', '=', 'creator_wallet'),
        )
        .select([
          'creators.userId as creatorId',
          'creators.walletBalancePaise as cached',
          (eb) => eb.fn.coalesce(eb.fn.sum<number | string>('ledgerEntries.amountPaise'), eb.lit(0)).as('derived'),
        ])
        .groupBy(['creators.userId', 'creators.walletBalancePaise'])
        .execute();
      const inTransit = await db
        .selectFrom('ledgerEntries')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('account', '=', 'payouts_in_transit')
        .executeTakeFirstOrThrow();
      const requested = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('status', '=', 'REQUESTED')
        .executeTakeFirstOrThrow();
      const inTransitPaise = Number(inTransit.total);
      const requestedPaise = Number(requested.total);
      return {
        ledgerTotal: Number(total.total),
        unbalancedTransactions: unbalanced.map((row) => row.transactionId),
        balanceMismatches: derived
          .filter((row) => Number(row.derived) !== row.cached)
          .map((row) => ({ creatorId: row.creatorId, cached: row.cached, derived: Number(row.derived) })),
        negativeBalances: derived.filter((row) => row.cached < 0).map((row) => row.creatorId),
        inTransitMismatch: inTransitPaise === requestedPaise ? null : { inTransitPaise, requestedPaise },
      };
    },
  };
}

export interface LedgerInvariantReport {
  /** The sum of every entry ever posted: always 0. */
  ledgerTotal: number;
  unbalancedTransactions: string[];
  balanceMismatches: { creatorId: string; cached: number; derived: number }[];
  negativeBalances: string[];
  /**
   * Payouts in transit holds exactly the REQUESTED withdrawals: a paid or rejected one has left
   * it. Null when it does; otherwise both sums.
   */
  inTransitMismatch: { inTransitPaise: number; requestedPaise: number } | null;
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
