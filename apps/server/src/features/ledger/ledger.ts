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
  /** A sale undone (owed back to the fan), and the provider paying it back (ADR 021). */
  | { kind: 'refund' | 'refund_paid'; refundId: string; orderId: string }
  /**
   * The creator's share held while a dispute is open, given back, or lost with it; per stage, as
   * a dispute won at one stage can be taken further (pre-arbitration) and held again.
   */
  | { kind: 'dispute_hold' | 'dispute_release' | 'dispute_lost'; disputeId: string; stage: string; orderId: string }
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

export interface CreatorBalances {
  walletPaise: number;
  /** Her receivable: what she owes Kholo. */
  owedPaise: number;
  heldPaise: number;
}

/**
 * Money for a creator pays down what she owes first, and only the rest reaches her wallet (a
 * refund her wallet could not cover is recovered from her next sales before any withdrawal).
 */
export function creditLines(
  creatorId: string,
  amountPaise: number,
  owedPaise: number,
): { lines: LedgerLine[]; recoveredPaise: number } {
  const recoveredPaise = Math.min(Math.max(owedPaise, 0), amountPaise);
  const lines: LedgerLine[] = [];
  if (recoveredPaise > 0) lines.push({ account: 'creator_receivable', creatorId, amountPaise: recoveredPaise });
  if (amountPaise - recoveredPaise > 0 || lines.length === 0)
    lines.push({ account: 'creator_wallet', creatorId, amountPaise: amountPaise - recoveredPaise });
  return { lines, recoveredPaise };
}

/**
 * Money taken back from a creator comes out of her wallet as far as it goes; the rest becomes
 * what she owes (a receivable), so no balance is ever negative.
 */
export function debitLines(
  creatorId: string,
  amountPaise: number,
  walletPaise: number,
): { lines: LedgerLine[]; fromWalletPaise: number; owedPaise: number } {
  const fromWalletPaise = Math.min(Math.max(walletPaise, 0), amountPaise);
  const owedPaise = amountPaise - fromWalletPaise;
  const lines: LedgerLine[] = [];
  if (fromWalletPaise > 0) lines.push({ account: 'creator_wallet', creatorId, amountPaise: -fromWalletPaise });
  if (owedPaise > 0) lines.push({ account: 'creator_receivable', creatorId, amountPaise: -owedPaise });
  return { lines, fromWalletPaise, owedPaise };
}

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
    case 'refund':
    case 'refund_paid':
      return `${subject.kind}:${subject.refundId}`;
    case 'dispute_hold':
    case 'dispute_release':
    case 'dispute_lost':
      return `${subject.kind}:${subject.disputeId}:${subject.stage}`;
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
  /**
   * Her wallet, what she owes and what is held, locked for the caller's transaction so that lines
   * built from them (creditLines, debitLines) post; undefined when there is no such creator.
   */
  lockBalances(creatorId: string): Promise<CreatorBalances | undefined>;
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
      lockBalances: async (creatorId) => {
        const row = await createLedgerRepository(on).lockedBalances(creatorId);
        return row === undefined
          ? undefined
          : { walletPaise: row.walletBalancePaise, owedPaise: row.receivablePaise, heldPaise: row.heldPaise };
      },
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
      orderId: 'orderId' in subject ? subject.orderId : null,
      withdrawalId: 'withdrawalId' in subject ? subject.withdrawalId : null,
      refundId: 'refundId' in subject ? subject.refundId : null,
      disputeId: 'disputeId' in subject ? subject.disputeId : null,
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
  /** Refunds in transit holds exactly the refunds not yet paid back to fans. Null when it does. */
  refundsMismatch: { inTransitPaise: number; owedPaise: number } | null;
  /** What creators' held balances sum to equals what open disputes hold. Null when it does. */
  heldMismatch: { heldPaise: number; disputesPaise: number } | null;
}

/**
 * The ledger's promises, checked: every transaction sums to zero, every cached balance equals
 * its lines, none is negative, payouts in transit equals the withdrawals still on their way,
 * refunds in transit the refunds not yet paid back, and funds held what open disputes hold.
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
  const refundsInTransitPaise = await repository.total('refunds_in_transit');
  const owedPaise = await repository.sumRefundsOwed();
  const heldPaise = await repository.total('creator_funds_held');
  const disputesPaise = await repository.sumHeldForDisputes();
  return {
    ledgerTotal: await repository.total(),
    unbalancedTransactions: await repository.unbalancedTransactions(),
    balanceMismatches,
    negativeBalances: [...negative],
    inTransitMismatch: inTransitPaise === requestedPaise ? null : { inTransitPaise, requestedPaise },
    refundsMismatch: refundsInTransitPaise === owedPaise ? null : { inTransitPaise: refundsInTransitPaise, owedPaise },
    heldMismatch: heldPaise === disputesPaise ? null : { heldPaise, disputesPaise },
  };
}
