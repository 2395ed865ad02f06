import {
  type AccountDataExport,
  type AccountDeleteInput,
  DELETED_ACCOUNT_NAME,
  deletionBalanceRule,
  giveUpBalanceMessage,
  maskPan,
  withdrawFirstMessage,
  YOUR_DATA_MESSAGES,
} from '@kholo/contracts';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { AccountsRepository, SessionAccount } from '../accounts/index.js';
import type { AuditRepository } from '../audit/index.js';
import type { ContentService } from '../content/index.js';
import type { CreatorsService } from '../creators/index.js';
import type { WaitingEmails } from '../email/index.js';
import type { Ledger } from '../ledger/index.js';
import { mediaUrls, type StorageJournal } from '../media/index.js';
import type { RemindersRepository } from '../reminders/index.js';
import type { WithdrawalsRepository } from '../withdrawals/index.js';
import type { Joinable } from '../../lib/transactions.js';
import type { YourDataRepository } from './your-data-repository.js';

/** Who else receives her data, and what each gets (DPDP s.11(1)(b)); the Privacy page says the same. */
export const THIRD_PARTIES: AccountDataExport['thirdParties'] = [
  {
    name: 'Cashfree Payments India (payment gateway)',
    purpose: 'Takes the payment when you buy, and sends refunds back.',
    receives:
      'The order number and amount, your email address, your name and your Kholo account id. Your card, bank or UPI details go to Cashfree directly, never to Kholo.',
  },
  {
    name: 'Cashfree Payments India (payouts)',
    purpose: 'Checks a creator’s UPI ID and pays her withdrawals.',
    receives: 'Your UPI ID, the name on it and the amount of each withdrawal.',
  },
  {
    name: 'Our email provider',
    purpose: 'Delivers the emails Kholo sends you (codes, receipts, reminders, payout news).',
    receives: 'Your email address and the text of each email.',
  },
  {
    name: 'Our hosting provider',
    purpose: 'Runs Kholo’s servers, database and file storage for us.',
    receives: 'Everything in this file and your uploaded files, stored on our behalf and for no other use.',
  },
];

/** The unroutable address a deleted account keeps (RFC 2606's .invalid): unique, and no one's. */
export function erasedEmail(accountId: string): string {
  return `deleted+${accountId}@invalid`;
}

export interface YourDataServiceDeps {
  yourData: YourDataRepository;
  accounts: AccountsRepository;
  creators: Pick<CreatorsService, 'eraseProfileIn'>;
  content: Pick<ContentService, 'removeEveryItemIn'>;
  ledger: Joinable<Ledger>;
  withdrawals: WithdrawalsRepository;
  reminders: RemindersRepository;
  audit: AuditRepository;
  mail: WaitingEmails;
  /** Removes the files deletion gave up, once it has committed. */
  journal: StorageJournal;
  transaction: Transact;
  clock: Clock;
  isAdmin: (email: string) => boolean;
  logger: { warn(details: object, message: string): void };
}

/**
 * "Your data" (DPDP ss.11–12, ADR 024): an account downloads everything Kholo holds about it, and
 * deletes itself. Deletion erases what names her and keeps, without her name and email, what the
 * law makes Kholo keep (orders, ledger, refunds, paid withdrawals, the audit log).
 */
export function createYourDataService(deps: YourDataServiceDeps) {
  const { yourData, clock } = deps;

  return {
    /** Her data only, read in one snapshot so the parts agree with each other. */
    async exportData(account: SessionAccount): Promise<AccountDataExport> {
      return deps.transaction(
        async (trx) => {
          const rows = yourData.within(trx);
          const user = await rows.findAccount(account.id);
          if (user === undefined || user.deletedAt !== null) {
            throw new AppError('UNAUTHENTICATED', 'Please log in to continue.');
          }
          const [fan, creator, credentials, optOuts, orders, unlocks, refunds, reports, tickets, messages] =
            await Promise.all([
              rows.findFan(account.id),
              rows.findCreator(account.id),
              deps.accounts.within(trx).credentialsOf(account.id),
              rows.listOptOuts(account.id),
              rows.listOrders(account.id),
              rows.listUnlocks(account.id),
              rows.listRefunds(account.id),
              rows.listProblemReports(account.id),
              rows.listSafetyTickets(account.id),
              rows.listContactMessages(user.email),
            ]);
          const [uploads, ledgerLines, payoutAccount, withdrawals] =
            creator === undefined
              ? [[], [], undefined, []]
              : await Promise.all([
                  rows.listUploads(account.id),
                  rows.listLedgerLines(account.id),
                  rows.findPayoutAccount(account.id),
                  rows.listWithdrawals(account.id),
                ]);
          const roles: AccountDataExport['account']['roles'] = [];
          if (creator !== undefined) roles.push('creator');
          if (fan !== undefined) roles.push('fan');
          if (deps.isAdmin(user.email)) roles.push('admin');
          return {
            exportedAt: iso(clock.now()),
            account: {
              id: user.id,
              name: user.name,
              email: user.email,
              createdAt: isoOrNull(user.createdAt),
              emailVerified: credentials.emailVerified,
              hasPassword: credentials.hasPassword,
              roles,
              locale: user.locale,
            },
            consents: {
              termsVersion: user.termsVersion,
              privacyVersion: user.privacyVersion,
              acceptedAt: isoOrNull(user.policiesAcceptedAt),
            },
            emailOptOuts: optOuts.map((row) => ({ list: row.list, since: iso(row.createdAt) })),
            creatorProfile:
              creator === undefined
                ? null
                : {
                    handle: creator.handle,
                    name: creator.name,
                    bio: creator.bio,
                    avatarUrl: mediaUrls.avatar(creator.userId, creator.avatarKey),
                    createdAt: iso(creator.createdAt),
                    suspendedAt: isoOrNull(creator.suspendedAt),
                    suspendedReason: creator.suspendedAt === null ? null : creator.suspendedReason,
                    walletBalancePaise: creator.walletBalancePaise,
                    owedToKholoPaise: creator.receivablePaise,
                    heldPaise: creator.heldPaise,
                    instagramBioDoneAt: isoOrNull(creator.instagramBioDoneAt),
                  },
            uploads: uploads.map((row) => ({
              id: row.id,
              title: row.title,
              description: row.description,
              pricePaise: row.pricePaise,
              isAdultContent: row.isAdultContent === 1,
              mediaKind: row.mediaKind,
              mediaType: row.mediaMime,
              mediaSizeBytes: row.mediaSizeBytes,
              unlocks: row.unlocks,
              earningsPaise: row.earningsPaise,
              createdAt: iso(row.createdAt),
              updatedAt: iso(row.updatedAt),
              deletedAt: isoOrNull(row.deletedAt),
              hiddenAt: isoOrNull(row.hiddenAt),
              hiddenReason: row.hiddenAt === null ? null : row.hiddenReason,
            })),
            orders: orders.map((row) => ({
              id: row.id,
              contentId: row.contentId,
              contentTitle: row.contentTitle,
              amountPaise: row.amountPaise,
              currency: row.currency,
              status: row.status,
              paymentMethod: row.paymentMethod,
              provider: row.provider,
              providerPaymentId: row.providerPaymentId,
              createdAt: iso(row.createdAt),
              paidAt: isoOrNull(row.paidAt),
            })),
            unlocks: unlocks.map((row) => ({
              id: row.id,
              contentId: row.contentId,
              orderId: row.orderId,
              purchasedAt: iso(row.purchasedAt),
              expiresAt: iso(row.expiresAt),
              views: row.views,
              firstViewedAt: isoOrNull(row.firstViewedAt),
              lastViewedAt: isoOrNull(row.lastViewedAt),
            })),
            walletLedger: ledgerLines.map((row) => ({
              transactionId: row.transactionId,
              kind: row.kind,
              memo: row.memo,
              account: row.account,
              amountPaise: row.amountPaise,
              orderId: row.orderId,
              withdrawalId: row.withdrawalId,
              createdAt: iso(row.createdAt),
            })),
            payoutAccount:
              payoutAccount === undefined
                ? null
                : {
                    upiId: payoutAccount.upiId,
                    nameAtBank: payoutAccount.verifiedName,
                    legalName: payoutAccount.legalName,
                    panMasked: maskPan(payoutAccount.pan),
                    verifiedAt: iso(payoutAccount.verifiedAt),
                  },
            withdrawals: withdrawals.map((row) => ({
              id: row.id,
              amountPaise: row.amountPaise,
              upiId: row.upiId,
              payeeName: row.payeeName,
              status: row.status,
              paymentReference: row.paymentReference,
              rejectionReason: row.rejectionReason,
              requestedAt: iso(row.requestedAt),
              resolvedAt: isoOrNull(row.resolvedAt),
            })),
            refunds: refunds.map((row) => ({
              id: row.id,
              orderId: row.orderId,
              as: row.fanId === account.id ? ('buyer' as const) : ('seller' as const),
              amountPaise: row.amountPaise,
              reason: row.reason,
              status: row.status,
              createdAt: iso(row.createdAt),
              finishedAt: isoOrNull(row.finishedAt),
            })),
            problemReports: reports.map((row) => ({
              id: row.id,
              orderId: row.orderId,
              reason: row.reason,
              message: row.message,
              status: row.status,
              resolution: row.resolution,
              createdAt: iso(row.createdAt),
              resolvedAt: isoOrNull(row.resolvedAt),
            })),
            contactMessages: messages.map((row) => ({
              name: row.name,
              message: row.message,
              createdAt: iso(row.createdAt),
            })),
            safetyTickets: tickets.map((row) => ({
              ticket: row.ticket,
              kind: row.kind,
              reason: row.reason,
              topic: row.topic,
              contentId: row.contentId,
              details: row.details,
              link: row.originalUrl ?? row.link,
              email: row.reporterEmail,
              status: row.status,
              decisionNote: row.decisionNote,
              createdAt: iso(row.createdAt),
              decidedAt: isoOrNull(row.decidedAt),
            })),
            thirdParties: THIRD_PARTIES,
          };
        },
        { isolation: 'repeatable read' },
      );
    },

    /**
     * Deletes her account in one transaction (ADR 024), or refuses with why and changes nothing.
     * The first statement marks the account deleted, so of two deletions at once the second
     * finds it deleted. Files given up are removed after the commit (the storage sweep if not).
     */
    async deleteAccount(account: SessionAccount, input: AccountDeleteInput): Promise<void> {
      if (account.isAdmin) throw new AppError('CONFLICT', YOUR_DATA_MESSAGES.adminCannotDelete);
      if (input.confirmEmail.trim().toLowerCase() !== account.email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', YOUR_DATA_MESSAGES.confirmEmailWrong, {
          fields: { confirmEmail: YOUR_DATA_MESSAGES.confirmEmailWrong },
        });
      }
      const releasedFiles = await deps.transaction(async (trx) => {
        const now = clock.now();
        const accounts = deps.accounts.within(trx);
        if (!(await accounts.markDeleted(account.id, now))) {
          throw new AppError('CONFLICT', YOUR_DATA_MESSAGES.alreadyDeleted);
        }
        const user = await yourData.within(trx).findAccount(account.id);
        if (user === undefined) throw new AppError('CONFLICT', YOUR_DATA_MESSAGES.alreadyDeleted);
        // Locks her balances (the row a withdrawal or a sale locks too) for the checks below.
        const balances = await deps.ledger.within(trx).lockBalances(account.id);
        let givenUpPaise = 0;
        let files: string[] = [];
        if (balances !== undefined) {
          if ((await deps.withdrawals.within(trx).sumInFlight(account.id)) > 0) {
            throw new AppError('CONFLICT', YOUR_DATA_MESSAGES.withdrawalInFlight);
          }
          if (balances.heldPaise > 0 || (await yourData.within(trx).hasOpenDispute(account.id))) {
            throw new AppError('CONFLICT', YOUR_DATA_MESSAGES.disputeOpen);
          }
          const rule = deletionBalanceRule(balances.walletPaise);
          if (rule === 'withdraw-first') throw new AppError('CONFLICT', withdrawFirstMessage(balances.walletPaise));
          if (rule === 'give-up' && input.giveUpBalance !== true) {
            throw new AppError('CONFLICT', giveUpBalanceMessage(balances.walletPaise));
          }
          // Given up, not moved: it stays in her wallet account, unclaimed (ADR 024).
          givenUpPaise = balances.walletPaise;
          files = await deps.content.removeEveryItemIn(trx, account.id);
          files.push(...(await deps.creators.eraseProfileIn(trx, account.id)));
          await deps.withdrawals.within(trx).erasePayoutDetails(account.id);
        }
        await deps.reminders.within(trx).forgetAccount(account.id);
        await yourData.within(trx).eraseSafetyReporter(account.id, user.email);
        await yourData.within(trx).deleteContactMessages(user.email);
        await deps.mail.discardWaitingTo(trx, user.email);
        const placeholder = erasedEmail(account.id);
        await accounts.eraseAccount(account.id, user.email, { name: DELETED_ACCOUNT_NAME, email: placeholder });
        // No personal field: the account's id, its erased address, and what happened to its money and items.
        await deps.audit.within(trx).record({
          actor: { id: account.id, email: placeholder },
          action: 'account.delete',
          subjectId: account.id,
          before: null,
          after: { creator: balances !== undefined, balanceGivenUpPaise: givenUpPaise },
          reason: null,
          at: now,
        });
        return files;
      });
      if (releasedFiles.length > 0) {
        const { failed } = await deps.journal.discard(releasedFiles);
        if (failed.length > 0) {
          deps.logger.warn({ keys: failed }, 'files of a deleted account are left for the storage sweep');
        }
      }
    },
  };
}

export type YourDataService = ReturnType<typeof createYourDataService>;

function iso(instant: number): string {
  return new Date(instant).toISOString();
}

function isoOrNull(instant: number | string | Date | null): string | null {
  return instant === null ? null : new Date(instant).toISOString();
}
