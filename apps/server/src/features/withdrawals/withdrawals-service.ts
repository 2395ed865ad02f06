import { randomInt } from 'node:crypto';
import {
  CREATOR_REFUND_WINDOW_MS,
  type AdminWithdrawal,
  formatPaise,
  MIN_WITHDRAWAL_PAISE,
  WALLET_HISTORY_LIMIT,
  type WalletEntry,
  type WalletResponse,
  WITHDRAWAL_MESSAGES,
  WITHDRAWAL_STATUS_LABELS,
  type WithdrawalStatus,
  type Withdrawal,
  type WithdrawResponse,
} from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import type { PayoutGateway } from '../../providers/payouts/payout-gateway.js';
import type { SignedInAccount } from '../accounts/index.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import type { EmailQueue } from '../email/index.js';
import { BalanceRefused, type Ledger } from '../ledger/index.js';
import { checkPayee } from './payee-check.js';
import type { PayoutAccountsRepository } from './payout-accounts-repository.js';
import type { PayoutTransfers } from './payout-transfers.js';
import { reviewReasons } from './review-rules.js';
import { withdrawalPaidEmail, withdrawalRejectedEmail, withdrawalRequestedEmail } from './withdrawal-emails.js';
import { emailDetails, toAdminWithdrawal, toWithdrawal, withdrawalLedger } from './withdrawal-steps.js';
import type {
  AdminWithdrawalRow,
  WalletLedgerRow,
  WithdrawalChanges,
  WithdrawalRow,
  WithdrawalsRepository,
} from './withdrawals-repository.js';

export const ADMIN_WITHDRAWAL_MESSAGES = {
  notFound: 'There is no withdrawal with that id.',
  alreadyPaid: 'This withdrawal is already marked as paid.',
  rejectedCannotPay: 'This withdrawal was rejected, so it cannot be marked as paid.',
  alreadyRejected: 'This withdrawal was already rejected.',
  paidCannotReject: 'This withdrawal is already paid, so it cannot be rejected.',
  sentCannotReject: 'This withdrawal has already been sent to the bank, so it cannot be rejected.',
  automatic:
    'Payouts are automatic here: approve the withdrawal and it is sent to the bank, or reject it. Only one in review can be marked as paid by hand.',
  manual: 'Payouts are paid by hand here (PAYOUTS=manual): pay it, then mark it as paid.',
} as const;

export const WITHDRAW_MESSAGES = {
  notCreator: 'Only creators have a wallet.',
  notYourWallet: 'You can only withdraw from your own wallet.',
  notFound: 'There is no withdrawal with that id in your wallet.',
  alreadySent: 'This withdrawal has already been sent to your bank, so it cannot be cancelled.',
  cancelledByYou: 'Cancelled by you.',
} as const;

/** Why a step cannot be taken from where a withdrawal is now. */
function notNow(status: WithdrawalStatus, what: string): string {
  return `This withdrawal is ${WITHDRAWAL_STATUS_LABELS[status].toLowerCase()}, so it cannot be ${what}.`;
}

/** A day back from `now`: a creator's payouts over it count towards the daily limit. */
const DAY_MS = 24 * 60 * 60_000;

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

/**
 * The creator's wallet and withdrawals to UPI (SPEC §2 Wallet tab, §5, §7; ADR 012, 020). Money
 * moves only inside one database transaction per step, each step behind a status gate and a
 * ledger transaction with a unique reference; emails are queued in the same transaction.
 */
export function createWithdrawalsService(deps: {
  withdrawals: WithdrawalsRepository;
  payoutAccounts: PayoutAccountsRepository;
  ledger: Joinable<Ledger>;
  audit: AuditRepository;
  transaction: Transact;
  clock: Clock;
  /** Each notice is queued in the transaction that makes it true. */
  mail: EmailQueue;
  /** Checks a UPI ID before anything is held; null only in production with PAYOUTS=manual and no keys. */
  gateway: PayoutGateway | null;
  /** The automatic transfer (PAYOUTS=auto), or null when the admin pays by hand. */
  transfers: PayoutTransfers | null;
  limits: { autoLimitPaise: number; dailyLimitPaise: number };
  logger: { warn(details: object, message: string): void };
  publicUrl: string;
  supportEmail: string;
}) {
  const walletUrl = `${deps.publicUrl}/?tab=wallet`;
  const links = { walletUrl, supportEmail: deps.supportEmail };
  const { withdrawals, ledger, audit } = deps;

  async function requireCreator(account: SignedInAccount) {
    const creator = await withdrawals.findCreator(account.id);
    if (creator === undefined) throw new AppError('FORBIDDEN', WITHDRAW_MESSAGES.notCreator);
    return creator;
  }

  function walletEntry(
    row: WalletLedgerRow,
    withdrawalsById: Map<string, WithdrawalRow>,
    disputed: Set<string>,
    now: number,
  ): WalletEntry {
    const base = { id: row.entryId, at: row.createdAt, amountPaise: row.amountPaise };
    const item = () => {
      if (row.orderId === null || row.orderAmountPaise === null || row.contentId === null || row.contentTitle === null)
        throw new Error(`${row.kind} entry ${row.entryId} has no order or item`);
      return {
        orderId: row.orderId,
        contentId: row.contentId,
        contentTitle: row.contentTitle,
        pricePaise: row.orderAmountPaise,
      };
    };
    switch (row.kind) {
      case 'sale': {
        const sale = item();
        // Her share: what reached the wallet and what paid down a refund she owed.
        const sharePaise = row.amountPaise + row.receivablePaise;
        return {
          kind: 'sale',
          ...base,
          ...sale,
          feePaise: sale.pricePaise - sharePaise,
          recoveredPaise: row.receivablePaise,
          refundable:
            row.refundedAt === null &&
            !disputed.has(sale.orderId) &&
            row.paidAt !== null &&
            now - row.paidAt <= CREATOR_REFUND_WINDOW_MS,
          refundedAt: row.refundedAt,
        };
      }
      case 'refund': {
        const { orderId, contentTitle } = item();
        return {
          kind: 'refund',
          ...base,
          orderId,
          contentTitle,
          reason: row.refundReason ?? 'admin',
          // Her own reason, or Kholo's words: hers to read (a fan never sees a creator's reason).
          note: row.refundNote,
          sharePaise: -(row.amountPaise + row.receivablePaise + row.heldPaise),
          owedPaise: -row.receivablePaise,
        };
      }
      case 'dispute_hold':
      case 'dispute_release':
      case 'dispute_lost': {
        const { orderId, contentTitle } = item();
        const step = row.kind === 'dispute_hold' ? 'held' : row.kind === 'dispute_release' ? 'released' : 'lost';
        return {
          kind: 'dispute',
          ...base,
          step,
          orderId,
          contentTitle,
          sharePaise: Math.abs(row.heldPaise) || Math.abs(row.amountPaise + row.receivablePaise),
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
      case 'refund_paid':
        // Posted to Kholo's accounts only; never a line of hers.
        throw new Error(`${row.kind} entry ${row.entryId} touched a creator's account`);
    }
  }

  /**
   * Moves a withdrawal from one of `from` inside the caller's transaction. The one caller whose
   * UPDATE changed the row gets it back as it was before; everyone else learns what already
   * happened (409 with `conflict(status)`) or that there is no such withdrawal (404).
   */
  async function gate(
    trx: Kysely<Database>,
    id: string,
    from: readonly WithdrawalStatus[],
    changes: WithdrawalChanges,
    conflict: (status: WithdrawalStatus) => string,
    options: { creatorId?: string; notFound?: string } = {},
  ): Promise<AdminWithdrawalRow> {
    const repository = withdrawals.within(trx);
    const before = await repository.findForAdmin(id);
    const notFound = options.notFound ?? ADMIN_WITHDRAWAL_MESSAGES.notFound;
    if (before === undefined || (options.creatorId !== undefined && before.creatorId !== options.creatorId)) {
      throw new AppError('NOT_FOUND', notFound);
    }
    if (!(await repository.transition(id, from, changes, options))) {
      const current = await repository.findById(id);
      if (current === undefined) throw new AppError('NOT_FOUND', notFound);
      throw new AppError('CONFLICT', conflict(current.status));
    }
    return before;
  }

  /**
   * The whole balance, from the wallet into payouts in transit, in one transaction, and only if
   * it is exactly what the creator saw (SPEC §7): of simultaneous requests one posts, and the
   * ledger refuses the rest, whose balance is no longer that amount. In the same transaction the
   * review rules decide whether it waits for the admin, and an automatic payout is queued.
   */
  async function takeWholeBalance(
    creator: { userId: string; email: string; name: string },
    requestedBy: string,
    input: WithdrawRequest,
    payeeName: string | null,
    now: number,
  ): Promise<WithdrawalRow> {
    const creatorId = creator.userId;
    try {
      return await deps.transaction(async (trx) => {
        const repository = withdrawals.within(trx);
        const reasons =
          deps.transfers === null
            ? []
            : reviewReasons({
                amountPaise: input.amountPaise,
                account: await deps.payoutAccounts.within(trx).find(creatorId),
                upiId: input.upiId,
                paidBefore: await repository.hasBeenPaid(creatorId),
                askedTodayPaise: await repository.sumAskedSince(creatorId, now - DAY_MS),
                openClaims:
                  ((await ledger.within(trx).balanceOf('creator_receivable', creatorId)) ?? 0) > 0 ||
                  ((await ledger.within(trx).balanceOf('creator_funds_held', creatorId)) ?? 0) > 0,
                ...deps.limits,
              });
        const withdrawal: WithdrawalRow = {
          id: newWithdrawalId(),
          creatorId,
          amountPaise: input.amountPaise,
          upiId: input.upiId,
          payeeName,
          status: reasons.length > 0 ? 'REVIEW' : 'REQUESTED',
          reviewReasons: reasons.length > 0 ? reasons.join(',') : null,
          approvedBy: null,
          approvedAt: null,
          clearedAt: deps.transfers !== null && reasons.length === 0 ? now : null,
          transferAttempt: 1,
          sentAt: null,
          providerTransferId: null,
          providerStatus: null,
          waitingForFundsSince: null,
          nextCheckAt: null,
          checks: 0,
          reversedAt: null,
          paymentReference: null,
          rejectionReason: null,
          resolvedBy: null,
          requestedAt: now,
          resolvedAt: null,
        };
        await repository.insert(withdrawal);
        await withdrawalLedger(ledger, trx).hold(withdrawal, requestedBy);
        if (deps.transfers !== null && withdrawal.status === 'REQUESTED') {
          // Goes out at once, after the commit; the paid (or failed) email follows in a minute.
          await deps.transfers.queueSend(trx, withdrawal.id);
        } else {
          await deps.mail.within(trx).send(
            withdrawalRequestedEmail({
              to: creator.email,
              creatorName: creator.name,
              withdrawalId: withdrawal.id,
              amountPaise: withdrawal.amountPaise,
              upiId: withdrawal.upiId,
              payeeName,
              at: now,
              ...links,
              waitsFor: deps.transfers === null ? 'admin_payment' : 'review',
            }),
          );
        }
        return withdrawal;
      });
    } catch (error) {
      if (!(error instanceof BalanceRefused)) throw error;
      // Read only to explain the refusal: the posting's UPDATE already decided.
      await refuseUnlessWholeBalance(creatorId, input.amountPaise);
      // It is the whole balance again by now (a cancel put it back meanwhile): she may simply retry.
      throw new AppError('CONFLICT', 'Your balance changed while you asked. Please try again.');
    }
  }

  /** 409 with the spec's words unless `amountPaise` is exactly her balance, and at least the minimum. */
  async function refuseUnlessWholeBalance(creatorId: string, amountPaise: number): Promise<void> {
    const balance = (await ledger.balanceOf('creator_wallet', creatorId)) ?? 0;
    if (balance <= 0) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.noBalance);
    if (balance < MIN_WITHDRAWAL_PAISE) throw new AppError('CONFLICT', WITHDRAWAL_MESSAGES.belowMinimum);
    if (balance !== amountPaise) {
      throw new AppError(
        'CONFLICT',
        `Your balance is now ${formatPaise(balance)}. A withdrawal takes the whole balance; please try again.`,
      );
    }
  }

  /** The hold goes back to her wallet: a withdrawal that was never sent, refused or taken back. */
  async function giveBack(
    trx: Kysely<Database>,
    withdrawal: AdminWithdrawalRow,
    memo: string,
    by: string,
    now: number,
  ) {
    return withdrawalLedger(ledger, trx).returned(withdrawal, 'in_transit', memo, by, now);
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
          const pendingWithdrawalPaise = await repository.sumInFlight(creator.userId);
          const rows = await repository.listWalletEntries(creator.userId, WALLET_HISTORY_LIMIT + 1);
          const page = rows.slice(0, WALLET_HISTORY_LIMIT);
          const ids = page.flatMap((row) =>
            row.kind === 'withdrawal' && row.withdrawalId !== null ? [row.withdrawalId] : [],
          );
          const own = await repository.findOwn(creator.userId, ids);
          const byId = new Map(own.map((row) => [row.id, row]));
          const disputed = await repository.disputedOrders(
            page.flatMap((row) => (row.kind === 'sale' && row.orderId !== null ? [row.orderId] : [])),
          );
          const now = deps.clock.now();
          return {
            balancePaise,
            pendingWithdrawalPaise,
            owedPaise: (await ledger.within(trx).balanceOf('creator_receivable', creator.userId)) ?? 0,
            heldPaise: (await ledger.within(trx).balanceOf('creator_funds_held', creator.userId)) ?? 0,
            history: page.map((row) => walletEntry(row, byId, disputed, now)),
            hasMore: rows.length > WALLET_HISTORY_LIMIT,
          };
        },
        { isolation: 'repeatable read' },
      );
    },

    /**
     * POST /api/withdraw: the whole balance, from the wallet into payouts in transit, in one
     * transaction (SPEC §7, DESIGN §3). The UPI ID is her verified payout account's, or one the
     * bank names a holder for before anything is held. A suspended creator may still take out
     * what she earned.
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
      // The whole balance, read first: a wallet that cannot be withdrawn is refused before the bank
      // is asked about the UPI ID (each check costs, and names a person). The hold decides again.
      await refuseUnlessWholeBalance(creator.userId, input.amountPaise);
      const saved = await deps.payoutAccounts.find(creator.userId);
      const payeeName =
        saved !== undefined && saved.upiId === input.upiId
          ? saved.verifiedName
          : await checkPayee(deps.gateway, input.upiId, 'upi', deps.logger);
      const now = deps.clock.now();
      const row = await takeWholeBalance(creator, account.id, input, payeeName, now);
      return { withdrawal: toWithdrawal(row), balancePaise: 0 };
    },

    /** POST /api/withdrawals/cancel: hers, and nothing sent yet; the money goes back to her wallet. */
    async cancel(account: SignedInAccount, input: { id: string }): Promise<Withdrawal> {
      const creator = await requireCreator(account);
      const now = deps.clock.now();
      const result = await deps.transaction(async (trx) => {
        const withdrawal = await gate(
          trx,
          input.id,
          ['REQUESTED', 'REVIEW'],
          {
            status: 'CANCELLED',
            resolvedAt: now,
            rejectionReason: WITHDRAW_MESSAGES.cancelledByYou,
            nextCheckAt: null,
          },
          (status) =>
            status === 'PROCESSING' || status === 'PAID' ? WITHDRAW_MESSAGES.alreadySent : notNow(status, 'cancelled'),
          { creatorId: creator.userId, notFound: WITHDRAW_MESSAGES.notFound },
        );
        await giveBack(trx, withdrawal, WITHDRAW_MESSAGES.cancelledByYou, account.id, now);
        return withdrawal;
      });
      return toWithdrawal({
        ...result,
        status: 'CANCELLED',
        resolvedAt: now,
        rejectionReason: WITHDRAW_MESSAGES.cancelledByYou,
      });
    },

    async listForAdmin(limit: number): Promise<AdminWithdrawal[]> {
      return (await withdrawals.listForAdmin(limit)).map(toAdminWithdrawal);
    },

    /**
     * POST /api/admin/withdrawals/approve: REVIEW → REQUESTED and the transfer is queued in the
     * same transaction, so it is sent at once; a review of her changed account is done with it.
     */
    async approve(admin: AuditActor, input: { id: string }): Promise<AdminWithdrawal> {
      const transfers = deps.transfers;
      if (transfers === null) throw new AppError('CONFLICT', ADMIN_WITHDRAWAL_MESSAGES.manual);
      const now = deps.clock.now();
      const id = await deps.transaction(async (trx) => {
        const withdrawal = await gate(
          trx,
          input.id,
          ['REVIEW'],
          { status: 'REQUESTED', approvedBy: admin.id, approvedAt: now, clearedAt: now },
          (status) =>
            `This withdrawal is not waiting for review (it is ${WITHDRAWAL_STATUS_LABELS[status].toLowerCase()}).`,
        );
        await deps.payoutAccounts.within(trx).markReviewed(withdrawal.creatorId, withdrawal.upiId);
        await audit.within(trx).record({
          actor: admin,
          action: 'withdrawal.approve',
          subjectId: withdrawal.id,
          before: { status: 'REVIEW', reviewReasons: withdrawal.reviewReasons },
          after: { status: 'REQUESTED' },
          reason: null,
          at: now,
        });
        await transfers.queueSend(trx, withdrawal.id);
        return withdrawal.id;
      });
      const after = await withdrawals.findForAdmin(id);
      if (after === undefined) throw new AppError('NOT_FOUND', ADMIN_WITHDRAWAL_MESSAGES.notFound);
      return toAdminWithdrawal(after);
    },

    /**
     * PAYOUTS=manual: the admin paid it outside Kholo. REQUESTED (or REVIEW) → PAID, and the hold
     * leaves payouts in transit against fan payments clearing (ADR 012). One of simultaneous calls changes it.
     */
    async markPaid(admin: AuditActor, input: { id: string; reference?: string | undefined }): Promise<AdminWithdrawal> {
      // With automatic payouts only one waiting for her can have been paid by hand (one asked for
      // before the switch, say); anything cleared to go is the transfer's to pay.
      const from: WithdrawalStatus[] = deps.transfers === null ? ['REQUESTED', 'REVIEW'] : ['REVIEW'];
      const now = deps.clock.now();
      const reference = input.reference ?? null;
      const result = await deps.transaction(async (trx) => {
        const withdrawal = await gate(
          trx,
          input.id,
          from,
          { status: 'PAID', resolvedAt: now, resolvedBy: admin.id, paymentReference: reference, nextCheckAt: null },
          (status) =>
            status === 'PAID'
              ? ADMIN_WITHDRAWAL_MESSAGES.alreadyPaid
              : status === 'REJECTED'
                ? ADMIN_WITHDRAWAL_MESSAGES.rejectedCannotPay
                : deps.transfers !== null && status === 'REQUESTED'
                  ? ADMIN_WITHDRAWAL_MESSAGES.automatic
                  : notNow(status, 'marked as paid'),
        );
        const { transactionId } = await withdrawalLedger(ledger, trx).paid(withdrawal, reference, admin.id, now);
        await audit.within(trx).record({
          actor: admin,
          action: 'withdrawal.mark_paid',
          subjectId: withdrawal.id,
          before: { status: withdrawal.status },
          after: { status: 'PAID', paymentReference: reference, transactionId },
          reason: null,
          at: now,
        });
        await deps.mail.within(trx).send(withdrawalPaidEmail({ ...emailDetails(withdrawal, now, links), reference }));
        return withdrawal;
      });
      return toAdminWithdrawal({
        ...result,
        status: 'PAID',
        resolvedAt: now,
        resolvedBy: admin.id,
        resolvedByEmail: admin.email,
        paymentReference: reference,
      });
    },

    /** The admin refuses it before it is sent: → REJECTED, and the hold goes back to the wallet. */
    async reject(admin: AuditActor, input: { id: string; reason: string }): Promise<AdminWithdrawal> {
      const now = deps.clock.now();
      const result = await deps.transaction(async (trx) => {
        const withdrawal = await gate(
          trx,
          input.id,
          ['REQUESTED', 'REVIEW'],
          {
            status: 'REJECTED',
            resolvedAt: now,
            resolvedBy: admin.id,
            rejectionReason: input.reason,
            nextCheckAt: null,
          },
          (status) =>
            status === 'REJECTED'
              ? ADMIN_WITHDRAWAL_MESSAGES.alreadyRejected
              : status === 'PAID'
                ? ADMIN_WITHDRAWAL_MESSAGES.paidCannotReject
                : status === 'PROCESSING'
                  ? ADMIN_WITHDRAWAL_MESSAGES.sentCannotReject
                  : notNow(status, 'rejected'),
        );
        const { transactionId } = await giveBack(trx, withdrawal, input.reason, admin.id, now);
        await audit.within(trx).record({
          actor: admin,
          action: 'withdrawal.reject',
          subjectId: withdrawal.id,
          before: { status: withdrawal.status },
          after: { status: 'REJECTED', rejectionReason: input.reason, transactionId },
          reason: input.reason,
          at: now,
        });
        await deps.mail
          .within(trx)
          .send(withdrawalRejectedEmail({ ...emailDetails(withdrawal, now, links), reason: input.reason }));
        return withdrawal;
      });
      return toAdminWithdrawal({
        ...result,
        status: 'REJECTED',
        resolvedAt: now,
        resolvedBy: admin.id,
        resolvedByEmail: admin.email,
        rejectionReason: input.reason,
      });
    },
  };
}

export type WithdrawalsService = ReturnType<typeof createWithdrawalsService>;
