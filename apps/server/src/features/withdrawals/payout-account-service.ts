import {
  maskPan,
  nameWords,
  namesResemble,
  PAYOUT_ACCOUNT_MESSAGES,
  type PayoutAccount,
  type VerifyPayoutUpiResponse,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { PayoutGateway } from '../../providers/payouts/payout-gateway.js';
import type { SignedInAccount } from '../accounts/index.js';
import type { EmailQueue } from '../email/index.js';
import { checkPayee } from './payee-check.js';
import type { PayoutAccountRow, PayoutAccountsRepository } from './payout-accounts-repository.js';
import { payoutAccountChangedEmail } from './withdrawal-emails.js';
import type { WithdrawalsRepository } from './withdrawals-repository.js';

export function toPayoutAccount(row: PayoutAccountRow): PayoutAccount {
  return {
    upiId: row.upiId,
    verifiedName: row.verifiedName,
    legalName: row.legalName,
    panMasked: maskPan(row.pan),
    status: row.reviewRequiredSince === null ? 'verified' : 'review',
    nameMatches: row.nameOverrideAt === null,
    verifiedAt: row.verifiedAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Where a creator is paid (issue 21 §1): a UPI ID the bank has named the holder of, her legal name
 * and PAN. A holder who is not her is allowed only on her word, and reviewed; changing a saved
 * account emails her and makes the next payout wait for review (account-takeover defence).
 */
export function createPayoutAccountService(deps: {
  accounts: PayoutAccountsRepository;
  withdrawals: WithdrawalsRepository;
  gateway: PayoutGateway | null;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  logger: { warn(details: object, message: string): void };
  publicUrl: string;
  supportEmail: string;
}) {
  async function requireCreator(account: SignedInAccount) {
    const creator = await deps.withdrawals.findCreator(account.id);
    if (creator === undefined) throw new AppError('FORBIDDEN', 'Only creators have a payout account.');
    return creator;
  }

  return {
    /** GET /api/studio/payout-account: hers, or null before she saves one (a normal state, not an error). */
    async get(account: SignedInAccount): Promise<PayoutAccount | null> {
      const creator = await requireCreator(account);
      const row = await deps.accounts.find(creator.userId);
      return row === undefined ? null : toPayoutAccount(row);
    },

    /** POST /api/studio/payout-account/verify: the holder's name, shown to her before she saves. */
    async verify(
      account: SignedInAccount,
      input: { upiId: string; legalName?: string | undefined },
    ): Promise<VerifyPayoutUpiResponse> {
      await requireCreator(account);
      const verifiedName = await checkPayee(deps.gateway, input.upiId, 'upiId', deps.logger);
      if (verifiedName === null) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'UPI IDs cannot be checked on this server; save it and the admin checks it.',
        );
      }
      return {
        upiId: input.upiId,
        verifiedName,
        nameMatches: input.legalName !== undefined && namesResemble(input.legalName, verifiedName),
      };
    },

    /** PUT /api/studio/payout-account: checked with the bank again, then saved whole. */
    async save(
      account: SignedInAccount,
      input: {
        upiId: string;
        legalName: string;
        pan: string;
        confirmedName?: string | undefined;
        accountIsMine?: boolean | undefined;
      },
    ): Promise<PayoutAccount> {
      const creator = await requireCreator(account);
      const checked = await checkPayee(deps.gateway, input.upiId, 'upiId', deps.logger);
      // Without a provider (PAYOUTS=manual in production) the name she typed stands, and the admin checks.
      const verifiedName = checked ?? input.legalName.toUpperCase();
      if (
        input.confirmedName !== undefined &&
        nameWords(input.confirmedName).join(' ') !== nameWords(verifiedName).join(' ')
      ) {
        throw new AppError('CONFLICT', PAYOUT_ACCOUNT_MESSAGES.nameChanged, {
          fields: { upiId: PAYOUT_ACCOUNT_MESSAGES.nameChanged },
        });
      }
      const matches = checked === null || namesResemble(input.legalName, verifiedName);
      if (!matches && input.accountIsMine !== true) {
        throw new AppError('VALIDATION_FAILED', PAYOUT_ACCOUNT_MESSAGES.confirmMismatch, {
          fields: { accountIsMine: PAYOUT_ACCOUNT_MESSAGES.confirmMismatch },
        });
      }
      const now = deps.clock.now();
      const walletUrl = `${deps.publicUrl}/?tab=wallet`;
      const saved = await deps.transaction(async (trx) => {
        const accounts = deps.accounts.within(trx);
        const before = await accounts.find(creator.userId);
        const changed =
          before !== undefined &&
          (before.upiId !== input.upiId || before.pan !== input.pan || before.legalName !== input.legalName);
        const row: PayoutAccountRow = {
          creatorId: creator.userId,
          upiId: input.upiId,
          verifiedName,
          legalName: input.legalName,
          pan: input.pan,
          nameOverrideAt: matches ? null : now,
          // A change, or her word over the bank's name, makes the next payout wait; saving the
          // same account again keeps whatever review was already due.
          reviewRequiredSince: changed || !matches ? now : (before?.reviewRequiredSince ?? null),
          verifiedAt: now,
          createdAt: before?.createdAt ?? now,
          updatedAt: now,
        };
        await accounts.save(row);
        if (changed) {
          await deps.mail.within(trx).send(
            payoutAccountChangedEmail({
              to: creator.email,
              creatorName: creator.name,
              upiId: row.upiId,
              verifiedName: row.verifiedName,
              at: now,
              walletUrl,
              supportEmail: deps.supportEmail,
            }),
          );
        }
        return row;
      });
      return toPayoutAccount(saved);
    },
  };
}

export type PayoutAccountService = ReturnType<typeof createPayoutAccountService>;
