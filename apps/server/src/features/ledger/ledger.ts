import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, LedgerAccount } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';
import { type CachedBalanceColumn, createLedgerRepository } from './ledger-repository.js';

/**
 * What a ledger transaction is about, typed (ADR 017). The kind decides which subject it names;
 * the unique reference that makes an event post once is built from them and never read back.
 */
export type LedgerSubject =
  | { kind: 'sale'; orderId: string }
  | { kind: 'withdrawal' | 'withdrawal_paid' | 'withdrawal_reversal'; withdrawalId: string }
  | { kind: 'adjustment' };

/**
 * One line. Amounts are signed from Kholo's books with what Kholo owes positive: +₹100 on
 * creator_wallet means Kholo owes her ₹100 more; creator_receivable, what she owes Kholo, grows
 * with negative lines. A transaction's lines sum to zero.
 */
export interface LedgerLine {
  account: LedgerAccount;
  /** Set exactly for the per-creator accounts. */
  creatorId: string | null;
  amountPaise: number;
  /**
   * Posts only if the account's balance is exactly this before the transaction (a withdrawal
   * takes the whole balance, SPEC §7); otherwise the posting is refused like an overdraft.
   */
  onlyIfBalanceIs?: number;
}

export interface Posting {
  subject: LedgerSubject;
  /** The creator the transaction concerns, for her history; null for Kholo's own. */
  creatorId: string | null;
  memo: string;
  createdBy: string | null;
  at: number;
  lines: readonly LedgerLine[];
}

export interface CachedBalance {
  account: CreatorAccount;
  creatorId: string;
  balancePaise: number;
}

export interface PostedTransaction {
  transactionId: string;
  /** Each cached balance the transaction moved, after it. */
  balances: CachedBalance[];
}

export type CreatorAccount = 'creator_wallet' | 'creator_receivable' | 'creator_funds_held';

/**
 * The per-creator accounts and their caches on `creators`. `sign` turns the ledger's sum into
 * the balance shown: a receivable is what she owes, so it is the negated sum of its lines.
 */
const CACHED: Record<CreatorAccount, { column: CachedBalanceColumn; sign: 1 | -1 }> = {
  creator_wallet: { column: 'walletBalancePaise', sign: 1 },
  creator_receivable: { column: 'receivablePaise', sign: -1 },
  creator_funds_held: { column: 'heldPaise', sign: 1 },
};

function isCreatorAccount(account: LedgerAccount): account is CreatorAccount {
  return account in CACHED;
}

/**
 * A posting that would take a cached balance below zero (or, with `onlyIfBalanceIs`, one that
 * was not what the caller expected). Thrown from inside the caller's transaction, which must
 * then roll back: a balance the same posting moved before the refused one is undone with it.
 */
export class BalanceRefused extends Error {
  constructor(
    readonly account: CreatorAccount,
    readonly creatorId: string,
  ) {
    super(`ledger refused to move ${account} of ${creatorId}`);
    this.name = 'BalanceRefused';
  }
}

function referenceOf(subject: LedgerSubject): string {
  switch (subject.kind) {
    case 'sale':
      return `sale:${subject.orderId}`;
    case 'withdrawal':
    case 'withdrawal_paid':
    case 'withdrawal_reversal':
      return `${subject.kind}:${subject.withdrawalId}`;
    case 'adjustment':
      return `adjustment:${randomUUID()}`;
  }
}

/**
 * The ledger (DESIGN §3, ADR 017), built once and joined to the caller's transaction with
 * `ledger.within(trx)`, like a repository; unlike one, it holds the rules of posting.
 */
export interface Ledger {
  /**
   * The only way money moves. In the caller's transaction: checks the lines balance, moves every
   * cached balance they touch (each in one guarded statement that never lets it go below zero),
   * and writes the transaction and its lines. Its reference is unique, so posting the same event
   * twice fails instead of doubling. Throws BalanceRefused; the caller's transaction must roll back.
   */
  post(posting: Posting): Promise<PostedTransaction>;
  /** A creator's cached balance of one account; undefined when there is no such creator. */
  balanceOf(account: CreatorAccount, creatorId: string): Promise<number | undefined>;
  /** What Kholo kept and what the creator got from each of these orders' sales. */
  saleSplits(orderIds: readonly string[]): Promise<Map<string, { feePaise: number; creditPaise: number }>>;
  /** The ledger's promises, checked (LedgerInvariantReport). */
  check(): Promise<LedgerInvariantReport>;
}

export function createLedger(db: Kysely<Database>): Joinable<Ledger> {
  return joinable(
    (on): Ledger => ({
      post: (posting) => post(on, posting),
      balanceOf: (account, creatorId) => balanceOf(on, account, creatorId),
      saleSplits: (orderIds) => saleSplits(on, orderIds),
      check: () => checkLedger(on),
    }),
    db,
  );
}

async function post(db: Kysely<Database>, posting: Posting): Promise<PostedTransaction> {
  const { subject, lines } = posting;
  const reference = referenceOf(subject);
  const sum = lines.reduce((total, line) => total + line.amountPaise, 0);
  if (lines.length < 2 || sum !== 0) throw new Error(`unbalanced ledger transaction ${reference}`);
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amountPaise)) throw new Error(`${reference}: ${line.amountPaise} is not paise`);
    if (isCreatorAccount(line.account) !== (line.creatorId !== null))
      throw new Error(`${reference}: ${line.account} ${line.creatorId === null ? 'needs' : 'takes no'} creator`);
  }

  const repository = createLedgerRepository(db);
  const balances: CachedBalance[] = [];
  for (const move of cachedMoves(lines)) {
    const { column, sign } = CACHED[move.account];
    const after = await repository.moveCachedBalance(column, move.creatorId, sign * move.amountPaise, move.onlyIf);
    if (after === undefined) throw new BalanceRefused(move.account, move.creatorId);
    balances.push({ account: move.account, creatorId: move.creatorId, balancePaise: after });
  }

  const transactionId = randomUUID();
  await repository.insertTransaction(
    {
      id: transactionId,
      reference,
      kind: subject.kind,
      orderId: subject.kind === 'sale' ? subject.orderId : null,
      withdrawalId: 'withdrawalId' in subject ? subject.withdrawalId : null,
      creatorId: posting.creatorId,
      memo: posting.memo,
      createdBy: posting.createdBy,
      createdAt: posting.at,
    },
    lines.map(({ account, creatorId, amountPaise }) => ({ account, creatorId, amountPaise })),
  );
  return { transactionId, balances };
}

/** The lines' net effect on each cached balance, one move per (account, creator). */
function cachedMoves(lines: readonly LedgerLine[]) {
  const moves = new Map<
    string,
    { account: CreatorAccount; creatorId: string; amountPaise: number; onlyIf: number | undefined }
  >();
  for (const line of lines) {
    if (!isCreatorAccount(line.account) || line.creatorId === null) continue;
    const key = `${line.account}\u0000${line.creatorId}`;
    const move = moves.get(key) ?? {
      account: line.account,
      creatorId: line.creatorId,
      amountPaise: 0,
      onlyIf: undefined,
    };
    move.amountPaise += line.amountPaise;
    if (line.onlyIfBalanceIs !== undefined) move.onlyIf = line.onlyIfBalanceIs;
    moves.set(key, move);
  }
  return [...moves.values()];
}

function balanceOf(db: Kysely<Database>, account: CreatorAccount, creatorId: string) {
  return createLedgerRepository(db).cachedBalance(CACHED[account].column, creatorId);
}

async function saleSplits(
  db: Kysely<Database>,
  orderIds: readonly string[],
): Promise<Map<string, { feePaise: number; creditPaise: number }>> {
  const split = new Map<string, { feePaise: number; creditPaise: number }>();
  for (const line of await createLedgerRepository(db).saleLines(orderIds)) {
    const entry = split.get(line.orderId) ?? { feePaise: 0, creditPaise: 0 };
    if (line.account === 'platform_revenue') entry.feePaise += line.amountPaise;
    else entry.creditPaise += line.amountPaise;
    split.set(line.orderId, entry);
  }
  return split;
}

export interface LedgerInvariantReport {
  /** The sum of every entry ever posted: always 0. */
  ledgerTotal: number;
  unbalancedTransactions: string[];
  /** A cached balance that differs from its lines (account omitted for the wallet, as before). */
  balanceMismatches: { creatorId: string; account?: CreatorAccount; cached: number; derived: number }[];
  /** Creators with any cached balance below zero. */
  negativeBalances: string[];
  /**
   * Payouts in transit holds exactly the withdrawals on their way (REQUESTED, REVIEW, PROCESSING):
   * a paid, failed, rejected or cancelled one has left it. Null when it does; otherwise both sums.
   */
  inTransitMismatch: { inTransitPaise: number; requestedPaise: number } | null;
}

/**
 * The ledger's promises, checked: every transaction sums to zero, every cached balance equals
 * its lines, none is negative, and payouts in transit equals the withdrawals still on their way.
 * Empty lists and a null mismatch mean all hold.
 */
async function checkLedger(db: Kysely<Database>): Promise<LedgerInvariantReport> {
  const repository = createLedgerRepository(db);
  const balanceMismatches: LedgerInvariantReport['balanceMismatches'] = [];
  const negative = new Set<string>();
  for (const [account, { column, sign }] of Object.entries(CACHED) as [
    CreatorAccount,
    (typeof CACHED)[CreatorAccount],
  ][]) {
    for (const row of await repository.cachedAndDerived(column, account)) {
      const derived = sign * row.sum;
      if (derived !== row.cached)
        balanceMismatches.push({
          creatorId: row.creatorId,
          ...(account === 'creator_wallet' ? {} : { account }),
          cached: row.cached,
          derived,
        });
      if (row.cached < 0) negative.add(row.creatorId);
    }
  }
  const inTransitPaise = await repository.total('payouts_in_transit');
  const requestedPaise = await repository.sumInFlightWithdrawals();
  return {
    ledgerTotal: await repository.total(),
    unbalancedTransactions: await repository.unbalancedTransactions(),
    balanceMismatches,
    negativeBalances: [...negative],
    inTransitMismatch: inTransitPaise === requestedPaise ? null : { inTransitPaise, requestedPaise },
  };
}
