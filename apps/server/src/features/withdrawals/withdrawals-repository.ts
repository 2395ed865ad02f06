import type { Kysely, Selectable } from 'kysely';
import type { Database, LedgerTransactionKind, WithdrawalsTable } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

export type WithdrawalRow = Selectable<WithdrawalsTable>;

/** A withdrawal with who asked for it and who resolved it, as the admin's list shows it. */
export interface AdminWithdrawalRow extends WithdrawalRow {
  creatorName: string;
  creatorHandle: string;
  creatorEmail: string;
  resolvedByEmail: string | null;
}

/** One line of a creator's wallet in the ledger, with what its transaction was about. */
export interface WalletLedgerRow {
  entryId: string;
  createdAt: number;
  amountPaise: number;
  kind: LedgerTransactionKind;
  memo: string;
  orderId: string | null;
  withdrawalId: string | null;
  /** What the fan paid, for a sale. */
  orderAmountPaise: number | null;
  contentId: string | null;
  /** Kept even for an item deleted or hidden since: the sale happened. */
  contentTitle: string | null;
}

export interface Resolution {
  status: 'PAID' | 'REJECTED';
  resolvedAt: number;
  resolvedBy: string;
  paymentReference: string | null;
  rejectionReason: string | null;
}

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
     * REQUESTED → PAID or REJECTED, only from REQUESTED: the gate that lets exactly one of any
     * number of simultaneous admin clicks resolve a withdrawal. False when it was not REQUESTED.
     */
    async resolve(id: string, resolution: Resolution): Promise<boolean> {
      const result = await db
        .updateTable('withdrawals')
        .set(resolution)
        .where('id', '=', id)
        .where('status', '=', 'REQUESTED')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** What the creator has asked for and not yet been paid or refused. */
    async sumRequested(creatorId: string): Promise<number> {
      const row = await db
        .selectFrom('withdrawals')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('amountPaise'), eb.lit(0)).as('total'))
        .where('creatorId', '=', creatorId)
        .where('status', '=', 'REQUESTED')
        .executeTakeFirstOrThrow();
      return Number(row.total);
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
      return db
        .selectFrom('ledgerEntries')
        .innerJoin('ledgerTransactions', 'ledgerTransactions.id', 'ledgerEntries.transactionId')
        .leftJoin('orders', 'orders.id', 'ledgerTransactions.orderId')
        .leftJoin('contents', 'contents.id', 'orders.contentId')
        .select([
          'ledgerEntries.id as entryId',
          'ledgerEntries.createdAt',
          'ledgerEntries.amountPaise',
          'ledgerTransactions.kind',
          'ledgerTransactions.memo',
          'ledgerTransactions.orderId',
          'ledgerTransactions.withdrawalId',
          'orders.amountPaise as orderAmountPaise',
          'orders.contentId',
          'contents.title as contentTitle',
        ])
        .where('ledgerEntries.account', '=', 'creator_wallet')
        .where('ledgerEntries.creatorId', '=', creatorId)
        .orderBy('ledgerEntries.createdAt', 'desc')
        .orderBy('ledgerEntries.id', 'desc')
        .limit(limit)
        .execute();
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
