import { randomUUID } from 'node:crypto';
import { formatPaise } from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { type AuditActor, createAuditRepository } from '../audit/audit-repository.js';
import { createLedgerRepository } from './ledger-repository.js';

export type AdminActor = AuditActor;

/**
 * POST /api/manual-wallet-update, as DESIGN §7 reshapes it: not the browser crediting a wallet
 * after a payment, but the admin correcting one by a signed amount, with a reason. It is a
 * ledger transaction against platform revenue (Kholo pays for a goodwill credit and takes back
 * a mistaken one), in the same database transaction as the balance move and the audit entry.
 */
export function createWalletAdjustments(deps: { db: Kysely<Database>; clock: Clock }) {
  return {
    async adjust(actor: AdminActor, input: { creatorId: string; amountPaise: number; reason: string }) {
      return deps.db.transaction().execute(async (trx) => {
        const ledger = createLedgerRepository(trx);
        const now = deps.clock.now();
        // Move first, then read: the UPDATE holds the row, so the balance read after it is the one
        // this adjustment changed. A read before it could miss a sale committed in between, and
        // the audit's before/after and the answer would then be wrong (PostgreSQL, READ COMMITTED).
        if (!(await ledger.moveWalletBalance(input.creatorId, input.amountPaise))) {
          const balance = await ledger.walletBalance(input.creatorId);
          if (balance === undefined) throw new AppError('NOT_FOUND', 'There is no creator with that id.');
          throw new AppError(
            'CONFLICT',
            `The wallet holds ${formatPaise(balance)}, so it cannot be reduced by ${formatPaise(-input.amountPaise)}.`,
          );
        }
        const after = await ledger.walletBalance(input.creatorId);
        if (after === undefined) throw new Error(`creator ${input.creatorId} vanished inside the adjustment`);
        const before = after - input.amountPaise;
        const transactionId = await ledger.post(
          {
            reference: `adjustment:${randomUUID()}`,
            kind: 'adjustment',
            orderId: null,
            creatorId: input.creatorId,
            memo: input.reason,
            createdBy: actor.id,
            lines: [
              { account: 'creator_wallet', creatorId: input.creatorId, amountPaise: input.amountPaise },
              { account: 'platform_revenue', creatorId: null, amountPaise: -input.amountPaise },
            ],
          },
          now,
        );
        await createAuditRepository(trx).record({
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
    },
  };
}

export type WalletAdjustments = ReturnType<typeof createWalletAdjustments>;
