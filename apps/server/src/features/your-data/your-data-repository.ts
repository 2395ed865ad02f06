import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { type Joinable, joinable } from '../../lib/transactions.js';

/**
 * SQL for "Your data" (ADR 024): every row that names one account, read for her export, and the
 * questions deletion asks before it starts. Plain rows out; what goes in the file is the
 * service's. Each query names the account, so an export holds hers and no one else's.
 */
export function createYourDataRepository(db: Kysely<Database>): YourDataRepository {
  return joinable(yourDataQueries, db);
}

export type YourDataRepository = Joinable<ReturnType<typeof yourDataQueries>>;

function yourDataQueries(db: Kysely<Database>) {
  return {
    async findAccount(accountId: string) {
      return db
        .selectFrom('authUsers')
        .select([
          'id',
          'name',
          'email',
          'createdAt',
          'deletedAt',
          'termsVersion',
          'privacyVersion',
          'policiesAcceptedAt',
          'locale',
        ])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    async findFan(accountId: string) {
      return db.selectFrom('fans').select(['userId', 'createdAt']).where('userId', '=', accountId).executeTakeFirst();
    },

    async findCreator(accountId: string) {
      return db
        .selectFrom('creators')
        .select([
          'userId',
          'handle',
          'name',
          'bio',
          'avatarKey',
          'createdAt',
          'suspendedAt',
          'suspendedReason',
          'walletBalancePaise',
          'receivablePaise',
          'heldPaise',
          'instagramBioDoneAt',
        ])
        .where('userId', '=', accountId)
        .executeTakeFirst();
    },

    async listOptOuts(accountId: string) {
      return db
        .selectFrom('emailOptOuts')
        .select(['list', 'createdAt'])
        .where('accountId', '=', accountId)
        .orderBy('list')
        .execute();
    },

    /** Her uploads, deleted ones included: metadata only. */
    async listUploads(creatorId: string) {
      return db
        .selectFrom('contents')
        .select([
          'id',
          'title',
          'description',
          'pricePaise',
          'isAdultContent',
          'mediaKind',
          'mediaMime',
          'mediaSizeBytes',
          'unlocks',
          'earningsPaise',
          'createdAt',
          'updatedAt',
          'deletedAt',
          'hiddenAt',
          'hiddenReason',
        ])
        .where('creatorId', '=', creatorId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Orders she placed as a buyer. */
    async listOrders(fanId: string) {
      return db
        .selectFrom('orders')
        .leftJoin('contents', 'contents.id', 'orders.contentId')
        .select([
          'orders.id',
          'orders.contentId',
          'contents.title as contentTitle',
          'orders.amountPaise',
          'orders.currency',
          'orders.status',
          'orders.paymentMethod',
          'orders.provider',
          'orders.providerPaymentId',
          'orders.createdAt',
          'orders.paidAt',
        ])
        .where('orders.fanId', '=', fanId)
        .orderBy('orders.createdAt')
        .orderBy('orders.id')
        .execute();
    },

    async listUnlocks(fanId: string) {
      return db
        .selectFrom('unlocks')
        .select(['id', 'contentId', 'orderId', 'purchasedAt', 'expiresAt', 'views', 'firstViewedAt', 'lastViewedAt'])
        .where('fanId', '=', fanId)
        .orderBy('purchasedAt')
        .orderBy('id')
        .execute();
    },

    /** Her lines in the ledger: her wallet, what she owes Kholo and what is held, with their transactions. */
    async listLedgerLines(creatorId: string) {
      return db
        .selectFrom('ledgerEntries')
        .innerJoin('ledgerTransactions', 'ledgerTransactions.id', 'ledgerEntries.transactionId')
        .select([
          'ledgerEntries.transactionId',
          'ledgerTransactions.kind',
          'ledgerTransactions.memo',
          'ledgerEntries.account',
          'ledgerEntries.amountPaise',
          'ledgerTransactions.orderId',
          'ledgerTransactions.withdrawalId',
          'ledgerEntries.createdAt',
        ])
        .where('ledgerEntries.creatorId', '=', creatorId)
        .orderBy('ledgerEntries.createdAt')
        .orderBy('ledgerEntries.id')
        .execute();
    },

    async findPayoutAccount(creatorId: string) {
      return db
        .selectFrom('payoutAccounts')
        .select(['upiId', 'verifiedName', 'legalName', 'pan', 'verifiedAt'])
        .where('creatorId', '=', creatorId)
        .executeTakeFirst();
    },

    async listWithdrawals(creatorId: string) {
      return db
        .selectFrom('withdrawals')
        .select([
          'id',
          'amountPaise',
          'upiId',
          'payeeName',
          'status',
          'paymentReference',
          'rejectionReason',
          'requestedAt',
          'resolvedAt',
        ])
        .where('creatorId', '=', creatorId)
        .orderBy('requestedAt')
        .orderBy('id')
        .execute();
    },

    /** Refunds to her (she bought) and from her earnings (she sold). */
    async listRefunds(accountId: string) {
      return db
        .selectFrom('refunds')
        .select(['id', 'orderId', 'fanId', 'amountPaise', 'reason', 'status', 'createdAt', 'finishedAt'])
        .where((eb) => eb.or([eb('fanId', '=', accountId), eb('creatorId', '=', accountId)]))
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    async listProblemReports(fanId: string) {
      return db
        .selectFrom('problemReports')
        .select(['id', 'orderId', 'reason', 'message', 'status', 'resolution', 'createdAt', 'resolvedAt'])
        .where('fanId', '=', fanId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Contact Us messages from her address (the form takes no account). */
    async listContactMessages(email: string) {
      return db
        .selectFrom('contactMessages')
        .select(['name', 'message', 'createdAt'])
        .where('email', '=', email)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    /** Her Contact Us messages go with her account: nothing in them is a record the law asks for. */
    async deleteContactMessages(email: string): Promise<void> {
      await db.deleteFrom('contactMessages').where('email', '=', email).execute();
    },

    /**
     * What she sent to trust and safety while signed in; never what others sent about her, nor
     * what a stranger sent giving her address.
     */
    async listSafetyTickets(accountId: string) {
      return db
        .selectFrom('safetyTickets')
        .select([
          'ticket',
          'kind',
          'reason',
          'topic',
          'contentId',
          'details',
          'originalUrl',
          'link',
          'reporterEmail',
          'status',
          'decisionNote',
          'createdAt',
          'decidedAt',
        ])
        .where('reporterAccountId', '=', accountId)
        .orderBy('createdAt')
        .orderBy('ticket')
        .execute();
    },

    /**
     * Takes her name and address off the tickets she sent. The tickets stay, as the record of
     * complaints and how they were handled that the IT Rules expect (ADR 024); what she wrote stays
     * with them.
     */
    async eraseSafetyReporter(accountId: string, email: string): Promise<void> {
      await db
        .updateTable('safetyTickets')
        .set({ reporterEmail: null, reporterName: null, reporterAccountId: null })
        .where((eb) => eb.or([eb('reporterAccountId', '=', accountId), eb('reporterEmail', '=', email)]))
        .execute();
    },

    /** Whether a dispute about one of her sales is open (it may hold her money or make her owe it). */
    async hasOpenDispute(creatorId: string): Promise<boolean> {
      const row = await db
        .selectFrom('disputes')
        .select('id')
        .where('creatorId', '=', creatorId)
        .where('state', '=', 'OPEN')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
