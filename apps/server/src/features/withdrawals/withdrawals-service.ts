import { randomInt } from 'node:crypto';
import {
  type AdminWithdrawal,
  formatPaise,
  MIN_WITHDRAWAL_PAISE,
  WALLET_HISTORY_LIMIT,
  type WalletEntry,
  type WalletResponse,
  WITHDRAWAL_MESSAGES,
  type Withdrawal,
  type WithdrawResponse,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import type { EmailQueue } from '../email/index.js';
import type { SignedInAccount } from '../accounts/index.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import { BalanceRefused, type Ledger } from '../ledger/index.js';
import { withdrawalPaidEmail, withdrawalRejectedEmail, withdrawalRequestedEmail } from './withdrawal-emails.js';
import {
  type AdminWithdrawalRow,
  type Resolution,
  type WithdrawalsRepository,
  type WalletLedgerRow,
  type WithdrawalRow,
} from './withdrawals-repository.js';

export const ADMIN_WITHDRAWAL_MESSAGES = {
  notFound: 'There is no withdrawal with that id.',
  alreadyPaid: 'This withdrawal is already marked as paid.',
  rejectedCannotPay: 'This withdrawal was rejected, so it cannot be marked as paid.',
  alreadyRejected: 'This withdrawal was already rejected.',
  paidCannotReject: 'This withdrawal is already paid, so it cannot be rejected.',
} as const;

export const WITHDRAW_MESSAGES = {
  notCreator: 'Only creators have a wallet.',
  notYourWallet: 'You can only withdraw from your own wallet.',
} as const;

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `wd_` + 24 letters and digits: unguessable, and a valid Cashfree Payouts transfer_id (≤ 40, [A-Za-z0-9_]). */
export function newWithdrawalId(): string {
  return `wd_${Array.from({ length: 24 }, () => ID_ALPHABET.charAt(randomInt(ID_ALPHABET.length))).join('')}`;
}

export interface WithdrawRequest {
  /** The spec's `creator` field: an email or a creator id, which must be the session's. */
  creator: string | undefined;
  amountPaise: number;
  upiId: string;
}

function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountPaise: row.amountPaise,
    upiId: row.upiId,
    status: row.status,
    requestedAt: row.requestedAt,
    resolvedAt: row.resolvedAt,
    paymentReference: row.paymentReference,
    rejectionReason: row.rejectionReason,
  };
}

function toAdminWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  return {
    ...toWithdrawal(row),
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    creatorHandle: row.creatorHandle,
    creatorEmail: row.creatorEmail,
    resolvedByEmail: row.resolvedByEmail,
  };
}

/**
 * REQUESTED → PAID or REJECTED through the repository's gate, inside the caller's transaction.
 * The one caller that changes the row gets it back; everyone else learns what already happened
 * (409 with `conflicts[status]`) or that there is no such withdrawal (404).
 */
async function resolveRequested(
  repository: WithdrawalsRepository,
  id: string,
  resolution: Resolution,
  conflicts: Record<Resolution['status'], string>,
): Promise<AdminWithdrawalRow> {
  if (!(await repository.resolve(id, resolution))) {
    const current = await repository.findById(id);
    if (current === undefined) throw new AppError('NOT_FOUND', ADMIN_WITHDRAWAL_MESSAGES.notFound);
    if (current.status === 'REQUESTED') throw new Error(`withdrawal ${id} is REQUESTED but its gate did not open`);
    throw new AppError('CONFLICT', conflicts[current.status]);
  }
  const withdrawal = await repository.findForAdmin(id);
  if (withdrawal === undefined) throw new Error(`withdrawal ${id} vanished inside its transaction`);
  return withdrawal;
}

/**
 * The creator's wallet and withdrawals to UPI (SPEC §2 Wallet tab, §5, §7; ADR 012). Money moves
 * only inside one database transaction per step, each step a ledger transaction with a unique
 * reference; emails go out after the commit, from the one caller that changed something.
 */
export function createWithdrawalsService(deps: {
  withdrawals: WithdrawalsRepository;
  ledger: Joinable<Ledger>;
  audit: AuditRepository;
  transaction: Transact;
  clock: Clock;
  /** Each notice is queued in the transaction that makes it true. */
  mail: EmailQueue;
  publicUrl: string;
  supportEmail: string;
}) {
  const walletUrl = `${deps.publicUrl}/?tab=wallet`;
  const { withdrawals, ledger, audit } = deps;

  async function requireCreator(account: SignedInAccount) {
    const creator = await withdrawals.findCreator(account.id);
    if (creator === undefined) throw new AppError('FORBIDDEN', WITHDRAW_MESSAGES.notCreator);
    return creator;
  }

  function walletEntry(row: WalletLedgerRow, withdrawalsById: Map<string, WithdrawalRow>): WalletEntry {
    const base = { id: row.entryId, at: row.createdAt, amountPaise: row.amountPaise };
    switch (row.kind) {
      case 'sale': {
        if (
          row.orderId === null ||
          row.orderAmountPaise === null ||
          row.contentId === null ||
          row.contentTitle === null
        )
          throw new Error(`sale entry ${row.entryId} has no order or item`);
        return {
          kind: 'sale',
          ...base,
          orderId: row.orderId,
          contentId: row.contentId,
          contentTitle: row.contentTitle,
          pricePaise: row.orderAmountPaise,
          feePaise: row.orderAmountPaise - row.amountPaise,
        };
      }
      case 'withdrawal': {
        const withdrawal = row.withdrawalId === null ? undefined : withdrawalsById.get(row.withdrawalId);
        if (withdrawal === undefined) throw new Error(`withdrawal entry ${row.entryId} has no withdrawal`);
        return { kind: 'withdrawal', ...base, withdrawal: toWithdrawal(withdrawal) };
      }
      case 'withdrawal_reversal':
        if (row.withdrawalId === null) throw new Error(`reversal entry ${row.entryId} has no withdrawal`);
        return { kind: 'withdrawal_reversal', ...base, withdrawalId: row.withdrawalId, reason: row.memo };
      case 'adjustment':
        return { kind: 'adjustment', ...base, memo: row.memo };
      case 'withdrawal_paid':
        // Posted to payouts in transit and clearing only; never a wallet line.
        throw new Error(`withdrawal_paid entry ${row.entryId} touched a wallet`);
    }
  }

  /**
   * The whole balance, from the wallet into payouts in transit, in one transaction, and only if
   * it is exactly what the creator saw (SPEC §7): of simultaneous requests one posts, and the
   * ledger refuses the rest, whose balance is no longer that amount.
   */
  async function takeWholeBalance(
    creator: { userId: string; email: string; name: string },
    requestedBy: string,
    input: WithdrawRequest,
    now: number,
  ): Promise<WithdrawalRow> {
    const creatorId = creator.userId;
    try {
      return await deps.transaction(async (trx) => {
        const withdrawal: WithdrawalRow = {
          id: newWithdrawalId(),
          creatorId,
          amountPaise: input.amountPaise,
          upiId: input.upiId,
          status: 'REQUESTED',
          paymentReference: null,
          rejectionReason: null,
          resolvedBy: null,
          requestedAt: now,
          resolvedAt: null,
        };
        await withdrawals.within(trx).insert(withdrawal);
        await ledger.within(trx).post({
          subject: { kind: 'withdrawal', withdrawalId: withdrawal.id },
          creatorId,
          memo: `Withdrawal ${withdrawal.id} to ${withdrawal.upiId}`,
          createdBy: requestedBy,
          at: now,
          lines: [
            {
              account: 'creator_wallet',
              creatorId,
              amountPaise: -withdrawal.amountPaise,
              onlyIfBalanceIs: withdrawal.amountPaise,
            },
            { account: 'payouts_in_transit', creatorId: null, amountPaise: withdrawal.amountPaise },
          ],
        });
        await deps.mail.within(trx).send(
          withdrawalRequestedEmail({
            to: creator.email,
            creatorName: creator.name,
            withdrawalId: withdrawal.id,
            amountPaise: withdrawal.amountPaise,
            upiId: withdrawal.upiId,
            at: now,
            walletUrl,
            supportEmail: deps.supportEmail,
          }),
        );
        return withdrawal;
      });
    } catch (error) {
      if (!(error instanceof BalanceRefused)) throw error;
      // Read only to explain the refusal: the posting's UPDATE already decided.
      const balance = (await ledger.balanceOf('creator_wallet', creatorId)) ?? 0;
      if (balance <= 0) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.noBalance);
      if (balance < MIN_WITHDRAWAL_PAISE) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.belowMinimum);
      throw new AppError(
        'CONFLICT',
        `Your balance is now ${formatPaise(balance)}. A withdrawal takes the whole balance; please try again.`,
      );
    }
  }

  return {
    /** GET /api/wallet: the cached balance, what is on its way, and the ledger's history of the wallet. */
    async wallet(account: SignedInAccount): Promise<WalletResponse> {
      const creator = await requireCreator(account);
      // One snapshot (REPEATABLE READ on PostgreSQL; SQLite's transactions already are one), so
      // the balance, the pending sum and the history describe the same moment.
      return deps.transaction(
        async (trx) => {
          const repository = withdrawals.within(trx);
          const balancePaise = (await ledger.within(trx).balanceOf('creator_wallet', creator.userId)) ?? 0;
          const pendingWithdrawalPaise = await repository.sumRequested(creator.userId);
          const rows = await repository.listWalletEntries(creator.userId, WALLET_HISTORY_LIMIT + 1);
          const page = rows.slice(0, WALLET_HISTORY_LIMIT);
          const ids = page.flatMap((row) =>
            row.kind === 'withdrawal' && row.withdrawalId !== null ? [row.withdrawalId] : [],
          );
          const own = await repository.findOwn(creator.userId, ids);
          const byId = new Map(own.map((row) => [row.id, row]));
          return {
            balancePaise,
            pendingWithdrawalPaise,
            history: page.map((row) => walletEntry(row, byId)),
            hasMore: rows.length > WALLET_HISTORY_LIMIT,
          };
        },
        { isolation: 'repeatable read' },
      );
    },

    /**
     * POST /api/withdraw: the whole balance, from the wallet into payouts in transit, in one
     * transaction (SPEC §7, DESIGN §3). A suspended creator may still take out what she earned.
     */
    async request(account: SignedInAccount, input: WithdrawRequest): Promise<WithdrawResponse> {
      const creator = await requireCreator(account);
      if (
        input.creator !== undefined &&
        input.creator.toLowerCase() !== account.email.toLowerCase() &&
        input.creator !== creator.userId
      ) {
        throw new AppError('FORBIDDEN', WITHDRAW_MESSAGES.notYourWallet);
      }
      const now = deps.clock.now();
      const row = await takeWholeBalance(creator, account.id, input, now);
      return { withdrawal: toWithdrawal(row), balancePaise: 0 };
    },

    async listForAdmin(limit: number): Promise<AdminWithdrawal[]> {
      return (await withdrawals.listForAdmin(limit)).map(toAdminWithdrawal);
    },

    /**
     * The admin paid it outside Kholo: REQUESTED → PAID, and the hold leaves payouts in transit
     * against fan payments clearing (ADR 012). Exactly one of simultaneous calls changes it.
     */
    async markPaid(admin: AuditActor, input: { id: string; reference?: string | undefined }): Promise<AdminWithdrawal> {
      const now = deps.clock.now();
      const reference = input.reference ?? null;
      const result = await deps.transaction(async (trx) => {
        const withdrawal = await resolveRequested(
          withdrawals.within(trx),
          input.id,
          { status: 'PAID', resolvedAt: now, resolvedBy: admin.id, paymentReference: reference, rejectionReason: null },
          { PAID: ADMIN_WITHDRAWAL_MESSAGES.alreadyPaid, REJECTED: ADMIN_WITHDRAWAL_MESSAGES.rejectedCannotPay },
        );
        const { transactionId } = await ledger.within(trx).post({
          subject: { kind: 'withdrawal_paid', withdrawalId: withdrawal.id },
          creatorId: withdrawal.creatorId,
          memo: `Paid ${withdrawal.id} to ${withdrawal.upiId}${reference === null ? '' : ` (reference ${reference})`}`,
          createdBy: admin.id,
          at: now,
          lines: [
            { account: 'payouts_in_transit', creatorId: null, amountPaise: -withdrawal.amountPaise },
            { account: 'fan_payments_clearing', creatorId: null, amountPaise: withdrawal.amountPaise },
          ],
        });
        await audit.within(trx).record({
          actor: admin,
          action: 'withdrawal.mark_paid',
          subjectId: withdrawal.id,
          before: { status: 'REQUESTED' },
          after: { status: 'PAID', paymentReference: reference, transactionId },
          reason: null,
          at: now,
        });
        await deps.mail.within(trx).send(
          withdrawalPaidEmail({
            to: withdrawal.creatorEmail,
            creatorName: withdrawal.creatorName,
            withdrawalId: withdrawal.id,
            amountPaise: withdrawal.amountPaise,
            upiId: withdrawal.upiId,
            at: now,
            reference,
            walletUrl,
            supportEmail: deps.supportEmail,
          }),
        );
        return withdrawal;
      });
      return toAdminWithdrawal(result);
    },

    /** The admin refuses it: REQUESTED → REJECTED, and the hold goes back to the wallet by a reversing entry. */
    async reject(admin: AuditActor, input: { id: string; reason: string }): Promise<AdminWithdrawal> {
      const now = deps.clock.now();
      const result = await deps.transaction(async (trx) => {
        const withdrawal = await resolveRequested(
          withdrawals.within(trx),
          input.id,
          {
            status: 'REJECTED',
            resolvedAt: now,
            resolvedBy: admin.id,
            paymentReference: null,
            rejectionReason: input.reason,
          },
          { PAID: ADMIN_WITHDRAWAL_MESSAGES.paidCannotReject, REJECTED: ADMIN_WITHDRAWAL_MESSAGES.alreadyRejected },
        );
        const { transactionId } = await ledger.within(trx).post({
          subject: { kind: 'withdrawal_reversal', withdrawalId: withdrawal.id },
          creatorId: withdrawal.creatorId,
          memo: input.reason,
          createdBy: admin.id,
          at: now,
          lines: [
            { account: 'payouts_in_transit', creatorId: null, amountPaise: -withdrawal.amountPaise },
            { account: 'creator_wallet', creatorId: withdrawal.creatorId, amountPaise: withdrawal.amountPaise },
          ],
        });
        await audit.within(trx).record({
          actor: admin,
          action: 'withdrawal.reject',
          subjectId: withdrawal.id,
          before: { status: 'REQUESTED' },
          after: { status: 'REJECTED', rejectionReason: input.reason, transactionId },
          reason: input.reason,
          at: now,
        });
        await deps.mail.within(trx).send(
          withdrawalRejectedEmail({
            to: withdrawal.creatorEmail,
            creatorName: withdrawal.creatorName,
            withdrawalId: withdrawal.id,
            amountPaise: withdrawal.amountPaise,
            upiId: withdrawal.upiId,
            at: now,
            reason: input.reason,
            walletUrl,
            supportEmail: deps.supportEmail,
          }),
        );
        return withdrawal;
      });
      return toAdminWithdrawal(result);
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
