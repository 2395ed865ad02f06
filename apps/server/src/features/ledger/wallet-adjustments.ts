import { formatPaise } from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Joinable, Transact } from '../../lib/transactions.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import { BalanceRefused, type Ledger } from './ledger.js';

export type AdminActor = AuditActor;

/**
 * POST /api/manual-wallet-update, as DESIGN §7 reshapes it: not the browser crediting a wallet
 * after a payment, but the admin correcting one by a signed amount, with a reason. It is a
 * ledger transaction against platform revenue (Kholo pays for a goodwill credit and takes back
 * a mistaken one), in the same database transaction as the balance move and the audit entry.
 */
export function createWalletAdjustments(deps: {
  ledger: Joinable<Ledger>;
  audit: AuditRepository;
  transaction: Transact;
  clock: Clock;
}): WalletAdjustments {
  return {
    async adjust(actor, input) {
      try {
        return await deps.transaction(async (trx) => {
          const now = deps.clock.now();
          const { transactionId, balances } = await deps.ledger.within(trx).post({
            subject: { kind: 'adjustment' },
            creatorId: input.creatorId,
            memo: input.reason,
            createdBy: actor.id,
            at: now,
            lines: [
              { account: 'creator_wallet', creatorId: input.creatorId, amountPaise: input.amountPaise },
              { account: 'platform_revenue', creatorId: null, amountPaise: -input.amountPaise },
            ],
          });
          // The balance the posting's own UPDATE left, so a sale committed in between is counted.
          const after = balances[0]?.balancePaise;
          if (after === undefined) throw new Error(`adjustment of ${input.creatorId} moved no wallet`);
          const before = after - input.amountPaise;
          await deps.audit.within(trx).record({
            actor,
            action: 'wallet.adjust',
            subjectId: input.creatorId,
            before: { walletBalancePaise: before },
            after: { walletBalancePaise: after, transactionId, amountPaise: input.amountPaise },
            reason: input.reason,
            at: now,
          });
          return { transactionId, creatorId: input.creatorId, balancePaise: after };
        });
      } catch (error) {
        if (!(error instanceof BalanceRefused)) throw error;
        // Read only to explain the refusal: the posting's UPDATE already decided.
        const balance = await deps.ledger.balanceOf('creator_wallet', input.creatorId);
        if (balance === undefined) throw new AppError('NOT_FOUND', 'There is no creator with that id.');
        throw new AppError(
          'CONFLICT',
          `The wallet holds ${formatPaise(balance)}, so it cannot be reduced by ${formatPaise(-input.amountPaise)}.`,
        );
      }
    },
  };
}

export interface WalletAdjustments {
  /** Credits (positive) or debits a creator's wallet against platform revenue, with the audit row. */
  adjust(
    actor: AdminActor,
    input: { creatorId: string; amountPaise: number; reason: string },
  ): Promise<{ transactionId: string; creatorId: string; balancePaise: number }>;
}
