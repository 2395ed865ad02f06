import { type AdminWithdrawal, REVIEW_REASONS, type ReviewReason, type Withdrawal } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Joinable } from '../../lib/transactions.js';
import type { Ledger } from '../ledger/index.js';
import type { WithdrawalEmailDetails } from './withdrawal-emails.js';
import type { AdminWithdrawalRow, WithdrawalRow } from './withdrawals-repository.js';

/**
 * The ledger's side of each withdrawal step (ADR 012, 017, 020), shared by the creator's and the
 * admin's actions and by the automatic transfer, so every path moves money the same way. Each runs
 * in the caller's transaction, after the status gate opened for exactly that caller.
 */
export function withdrawalLedger(ledger: Joinable<Ledger>, trx: Kysely<Database>) {
  const on = ledger.within(trx);
  return {
    /** Wallet → payouts in transit, only if the wallet is exactly the amount (the whole balance, SPEC §7). */
    hold(withdrawal: WithdrawalRow, by: string) {
      return on.post({
        subject: { kind: 'withdrawal', withdrawalId: withdrawal.id },
        creatorId: withdrawal.creatorId,
        // The UPI ID stays on the withdrawal, where deleting her account can erase it (ADR 024).
        memo: `Withdrawal ${withdrawal.id}`,
        createdBy: by,
        at: withdrawal.requestedAt,
        lines: [
          {
            account: 'creator_wallet',
            creatorId: withdrawal.creatorId,
            amountPaise: -withdrawal.amountPaise,
            onlyIfBalanceIs: withdrawal.amountPaise,
          },
          { account: 'payouts_in_transit', creatorId: null, amountPaise: withdrawal.amountPaise },
        ],
      });
    },

    /** Payouts in transit → out of Kholo, against the clearing account that took the fans' money in. */
    paid(withdrawal: WithdrawalRow, reference: string | null, by: string | null, at: number) {
      return on.post({
        subject: { kind: 'withdrawal_paid', withdrawalId: withdrawal.id },
        creatorId: withdrawal.creatorId,
        memo: `Paid ${withdrawal.id}${reference === null ? '' : ` (reference ${reference})`}`,
        createdBy: by,
        at,
        lines: [
          { account: 'payouts_in_transit', creatorId: null, amountPaise: -withdrawal.amountPaise },
          { account: 'fan_payments_clearing', creatorId: null, amountPaise: withdrawal.amountPaise },
        ],
      });
    },

    /**
     * The money back in her wallet, once per withdrawal: from payouts in transit when it never
     * left (failed, rejected, cancelled), or from clearing when the bank returned a paid one.
     */
    returned(withdrawal: WithdrawalRow, from: 'in_transit' | 'paid_out', memo: string, by: string | null, at: number) {
      return on.post({
        subject: { kind: 'withdrawal_reversal', withdrawalId: withdrawal.id },
        creatorId: withdrawal.creatorId,
        memo,
        createdBy: by,
        at,
        lines: [
          {
            account: from === 'in_transit' ? 'payouts_in_transit' : 'fan_payments_clearing',
            creatorId: null,
            amountPaise: -withdrawal.amountPaise,
          },
          { account: 'creator_wallet', creatorId: withdrawal.creatorId, amountPaise: withdrawal.amountPaise },
        ],
      });
    },
  };
}

export function parseReviewReasons(text: string | null): ReviewReason[] {
  if (text === null || text === '') return [];
  return text.split(',').filter((code): code is ReviewReason => (REVIEW_REASONS as readonly string[]).includes(code));
}

export function toWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    amountPaise: row.amountPaise,
    upiId: row.upiId,
    payeeName: row.payeeName,
    status: row.status,
    requestedAt: row.requestedAt,
    reviewReasons: parseReviewReasons(row.reviewReasons),
    approvedAt: row.approvedAt,
    sentAt: row.sentAt,
    resolvedAt: row.resolvedAt,
    reversedAt: row.reversedAt,
    paymentReference: row.paymentReference,
    rejectionReason: row.rejectionReason,
    waitingForFunds: row.status === 'REQUESTED' && row.waitingForFundsSince !== null,
  };
}

export function toAdminWithdrawal(row: AdminWithdrawalRow): AdminWithdrawal {
  return {
    ...toWithdrawal(row),
    creatorId: row.creatorId,
    creatorName: row.creatorName,
    creatorHandle: row.creatorHandle,
    creatorEmail: row.creatorEmail,
    resolvedByEmail: row.resolvedByEmail,
  };
}

/** The parts of every withdrawal email that come from the withdrawal and its creator. */
export function emailDetails(
  withdrawal: AdminWithdrawalRow,
  at: number,
  links: { walletUrl: string; supportEmail: string },
): WithdrawalEmailDetails {
  return {
    to: withdrawal.creatorEmail,
    creatorName: withdrawal.creatorName,
    withdrawalId: withdrawal.id,
    amountPaise: withdrawal.amountPaise,
    upiId: withdrawal.upiId,
    payeeName: withdrawal.payeeName,
    at,
    walletUrl: links.walletUrl,
    supportEmail: links.supportEmail,
  };
}
