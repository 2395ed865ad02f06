import { type Kysely, type Selectable, sql } from 'kysely';
import { IN_FLIGHT_STATUSES } from '@kholo/contracts';
import type {
  Database,
  LedgerTransactionKind,
  RefundReason,
  WithdrawalStatus,
  WithdrawalsTable,
} from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** What a never-paid withdrawal of a deleted account shows instead of her UPI ID. */
export const ERASED_UPI_ID = 'erased';

/** A withdrawal with who asked for it and who resolved it, as the admin's list shows it. */
export interface AdminWithdrawalRow extends WithdrawalRow {
  creatorName: string;
  creatorHandle: string;
  creatorEmail: string;
  resolvedByEmail: string | null;
}

/**
 * One ledger transaction of a creator's (ADR 021: a sale, withdrawal, refund or dispute step), its
 * lines on her three accounts summed, with what it was about.
 */
export interface WalletLedgerRow {
  entryId: string;
  createdAt: number;
  /** Her wallet's change. */
  amountPaise: number;
  /** The sum of her receivable lines: positive pays down what she owes, negative adds to it. */
  receivablePaise: number;
  /** The sum of her funds-held lines. */
  heldPaise: number;
  kind: LedgerTransactionKind;
  memo: string;
  orderId: string | null;
  withdrawalId: string | null;
  /** What the fan paid, for a sale. */
  orderAmountPaise: number | null;
  contentId: string | null;
  /** Kept even for an item deleted or hidden since: the sale happened. */
  contentTitle: string | null;
  /** The order's payment time (a sale's refund window runs from it). */
  paidAt: number | null;
  /** The money back of the transaction's order (a refund entry's own, or a sale's since). */
  refundReason: RefundReason | null;
  refundNote: string | null;
  refundedAt: number | null;
}

/** What a step changes besides the status; everything else stays as it was. */
export type WithdrawalChanges = Partial<Omit<WithdrawalRow, 'id' | 'creatorId' | 'amountPaise' | 'requestedAt'>>;

/** SQL for withdrawals and the wallet's history. Plain rows out, no rules. */
export function createWithdrawalsRepository(db: Kysely<Database>): WithdrawalsRepository {
  return joinable(withdrawalQueries, db);
}

export type WithdrawalsRepository = Joinable<ReturnType<typeof withdrawalQueries>>;

function withdrawalQueries(db: Kysely<Database>) {
  function adminQuery() {
    return db
      .selectFrom('withdrawals')
      .innerJoin('creators', 'creators.userId', 'withdrawals.creatorId')
      .innerJoin('authUsers as owner', 'owner.id', 'withdrawals.creatorId')
      .leftJoin('authUsers as resolver', 'resolver.id', 'withdrawals.resolvedBy')
      .selectAll('withdrawals')
      .select([
        'creators.name as creatorName',
        'creators.handle as creatorHandle',
        'owner.email as creatorEmail',
        'resolver.email as resolvedByEmail',
      ]);
  }

  return {
    /** The account's creator profile with its sign-in email, or undefined for a fan or the admin. */
    async findCreator(userId: string) {
      return db
        .selectFrom('creators')
        .innerJoin('authUsers', 'authUsers.id', 'creators.userId')
        .select(['creators.userId', 'creators.name', 'creators.handle', 'authUsers.email'])
        .where('creators.userId', '=', userId)
        .executeTakeFirst();
    },

    async insert(row: WithdrawalRow): Promise<void> {
      await db.insertInto('withdrawals').values(row).execute();
    },

    async findById(id: string): Promise<WithdrawalRow | undefined> {
      return db.selectFrom('withdrawals').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /**
     * Moves a withdrawal to `changes.status` only from one of `from`: the gate that lets exactly
     * one of any number of simultaneous callers (admin clicks, webhooks, polls, the creator's
     * cancel) take a step. False when it was in none of them (or is not `creatorId`'s).
     */
    async transition(
      id: string,
      from: readonly WithdrawalStatus[],
      changes: WithdrawalChanges,
      options: { creatorId?: string; attempt?: number } = {},
    ): Promise<boolean> {
      let query = db.updateTable('withdrawals').set(changes).where('id', '=', id).where('status', 'in', from);
      if (options.creatorId !== undefined) query = query.where('creatorId', '=', options.creatorId);
      // News about one transfer moves the withdrawal only while that transfer is its live attempt.
      if (options.attempt !== undefined) query = query.where('transferAttempt', '=', options.attempt);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * A deleted account's payout details (ADR 024): her payout account (UPI ID, names, PAN) goes,
     * and so does the payee of every withdrawal of hers that never paid out (failed, rejected,
     * cancelled). Those that paid (PAID, and REVERSED, which paid and came back) keep their UPI ID
     * and payee name: the books' record of where the money went.
     */
    async erasePayoutDetails(creatorId: string): Promise<void> {
      await db.deleteFrom('payoutAccounts').where('creatorId', '=', creatorId).execute();
      await db
        .updateTable('withdrawals')
        .set({ upiId: ERASED_UPI_ID, payeeName: null })
        .where('creatorId', '=', creatorId)
        .where('status', 'in', ['FAILED', 'REJECTED', 'CANCELLED'])
        .execute();
    },

    /** What the creator has asked for and not yet been paid or refused: still held for her. */
    async sumInFlight(creatorId: string): Promise<number> {
      const row = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('creatorId', '=', creatorId)
        .where('status', 'in', IN_FLIGHT_STATUSES)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Whether any payout to her has ever been paid (a first payout is reviewed). */
    async hasBeenPaid(creatorId: string): Promise<boolean> {
      const row = await db
        .selectFrom('withdrawals')
        .select('id')
        .where('creatorId', '=', creatorId)
        .where('status', '=', 'PAID')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What she asked for since `since` that is on its way or paid (the daily limit). */
    async sumAskedSince(creatorId: string, since: number): Promise<number> {
      const row = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('creatorId', '=', creatorId)
        .where('requestedAt', '>=', since)
        .where('status', 'in', [...IN_FLIGHT_STATUSES, 'PAID'])
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** Sent or paid withdrawals whose provider is due to be asked about them again. */
    async listDueChecks(now: number, limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', 'in', ['PROCESSING', 'PAID'])
        .where('nextCheckAt', '<=', now)
        .orderBy('nextCheckAt')
        .limit(limit)
        .execute();
    },

    /**
     * Withdrawals asked for while payouts were paid by hand (never cleared to be sent): with
     * automatic payouts they go to the admin's review, since she may have paid some already.
     */
    async reviewUncleared(reason: string): Promise<number> {
      const result = await db
        .updateTable('withdrawals')
        .set({ status: 'REVIEW', reviewReasons: reason })
        .where('status', '=', 'REQUESTED')
        .where('clearedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Payouts waiting for the admin since before `before`, oldest first. */
    async listReviewSince(before: number, limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', 'REVIEW')
        .where('requestedAt', '<', before)
        .orderBy('requestedAt')
        .limit(limit)
        .execute();
    },

    /** Withdrawals cleared to go and not yet sent, oldest first: the order payouts go out in. */
    async listUnsent(limit: number): Promise<WithdrawalRow[]> {
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('status', '=', 'REQUESTED')
        .where('clearedAt', 'is not', null)
        .orderBy('requestedAt')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Whether one asked for before this one is still waiting to be sent (payouts go in order). */
    async hasOlderUnsent(withdrawal: Pick<WithdrawalRow, 'id' | 'requestedAt'>): Promise<boolean> {
      const row = await db
        .selectFrom('withdrawals')
        .select('id')
        .where('status', '=', 'REQUESTED')
        .where('waitingForFundsSince', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('requestedAt', '<', withdrawal.requestedAt),
            eb.and([eb('requestedAt', '=', withdrawal.requestedAt), eb('id', '<', withdrawal.id)]),
          ]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** What waits for the provider's balance, for the admin, and for the bank: counts and sums. */
    async payoutTotals() {
      const rows = await db
        .selectFrom('withdrawals')
        .select((eb) => [
          eb
            .case()
            .when('status', '=', 'REVIEW')
            .then('review')
            .when('status', '=', 'PROCESSING')
            .then('sending')
            .else('funds')
            .end()
            .as('bucket'),
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'),
        ])
        .where((eb) =>
          eb.or([
            eb('status', 'in', ['REVIEW', 'PROCESSING']),
            eb.and([eb('status', '=', 'REQUESTED'), eb('waitingForFundsSince', 'is not', null)]),
          ]),
        )
        .groupBy('bucket')
        .execute();
      const of = (bucket: string) => rows.find((row) => row.bucket === bucket);
      const count = (bucket: string) => Number(of(bucket)?.count ?? 0);
      const total = (bucket: string) => Number(of(bucket)?.total ?? 0);
      return {
        waitingForFundsCount: count('funds'),
        waitingForFundsPaise: total('funds'),
        reviewCount: count('review'),
        reviewPaise: total('review'),
        sendingCount: count('sending'),
        sendingPaise: total('sending'),
      };
    },

    /** The creator's own withdrawals among `ids` (another creator's are never returned). */
    async findOwn(creatorId: string, ids: string[]): Promise<WithdrawalRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('withdrawals')
        .selectAll()
        .where('creatorId', '=', creatorId)
        .where('id', 'in', ids)
        .execute();
    },

    /** The creator's wallet entries, newest first (ties by entry id, so the order is stable). */
    async listWalletEntries(creatorId: string, limit: number): Promise<WalletLedgerRow[]> {
      const sumOf = (account: string) =>
        sql<
          number | string
        >`coalesce(sum(case when ledger_entries.account = ${account} then ledger_entries.amount_paise else 0 end), 0)`;
      const rows = await db
        .selectFrom('ledgerTransactions')
        .innerJoin('ledgerEntries', 'ledgerEntries.transactionId', 'ledgerTransactions.id')
        .leftJoin('orders', 'orders.id', 'ledgerTransactions.orderId')
        .leftJoin('contents', 'contents.id', 'orders.contentId')
        .leftJoin('refunds', 'refunds.orderId', 'ledgerTransactions.orderId')
        .select([
          'ledgerTransactions.id as entryId',
          'ledgerTransactions.createdAt',
          sumOf('creator_wallet').as('amountPaise'),
          sumOf('creator_receivable').as('receivablePaise'),
          sumOf('creator_funds_held').as('heldPaise'),
          'ledgerTransactions.kind',
          'ledgerTransactions.memo',
          'ledgerTransactions.orderId',
          'ledgerTransactions.withdrawalId',
          'orders.amountPaise as orderAmountPaise',
          'orders.contentId',
          'orders.paidAt',
          'contents.title as contentTitle',
          'refunds.reason as refundReason',
          'refunds.note as refundNote',
          'refunds.createdAt as refundedAt',
        ])
        .where('ledgerEntries.creatorId', '=', creatorId)
        .groupBy([
          'ledgerTransactions.id',
          'ledgerTransactions.createdAt',
          'ledgerTransactions.kind',
          'ledgerTransactions.memo',
          'ledgerTransactions.orderId',
          'ledgerTransactions.withdrawalId',
          'orders.amountPaise',
          'orders.contentId',
          'orders.paidAt',
          'contents.title',
          'refunds.reason',
          'refunds.note',
          'refunds.createdAt',
        ])
        .orderBy('ledgerTransactions.createdAt', 'desc')
        .orderBy('ledgerTransactions.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        amountPaise: Number(row.amountPaise),
        receivablePaise: Number(row.receivablePaise),
        heldPaise: Number(row.heldPaise),
      }));
    },

    /** Orders of hers with a dispute open now: not refundable by her. */
    async disputedOrders(orderIds: readonly string[]): Promise<Set<string>> {
      if (orderIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('disputes')
        .select('orderId')
        .where('orderId', 'in', orderIds)
        .where('state', '=', 'OPEN')
        .execute();
      return new Set(rows.map((row) => row.orderId));
    },

    async listForAdmin(limit: number): Promise<AdminWithdrawalRow[]> {
      return adminQuery()
        .orderBy('withdrawals.requestedAt', 'desc')
        .orderBy('withdrawals.id', 'desc')
        .limit(limit)
        .execute();
    },

    async findForAdmin(id: string): Promise<AdminWithdrawalRow | undefined> {
      return adminQuery().where('withdrawals.id', '=', id).executeTakeFirst();
    },
  };
}
