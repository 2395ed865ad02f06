import { randomInt } from 'node:crypto';
import {
  ADMIN_LIST_LIMIT,
  type AdminDispute,
  type AdminProblemReport,
  CREATOR_REFUND_WINDOW_MS,
  formatPaise,
  type HideRefundPreview,
  PROBLEM_REPORT_WINDOW_MS,
  type ProblemReason,
  type ProblemReport,
  type ProblemReportInput,
  type Purchase,
  type PurchaseStatus,
  type Refund,
  unlockDaysLeft,
} from '@kholo/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Transact } from '../../lib/transactions.js';
import type { SignedInAccount } from '../accounts/index.js';
import type { AuditActor, AuditRepository } from '../audit/index.js';
import { type ContentSales, isOnSale } from '../content/index.js';
import type { EmailQueue } from '../email/index.js';
import { mediaUrls } from '../media/index.js';
import type { DisputeRow, DisputesRepository } from './disputes-repository.js';
import { type IssueResult, lockItemThenOrder, type RefundEngine } from './refund-engine.js';
import { problemReportAnsweredEmail, problemReportReceivedEmail, type RefundEmailLinks } from './refund-emails.js';
import type { RefundTransfers } from './refund-transfers.js';
import type { ProblemReportRow, RefundRow, RefundsRepository } from './refunds-repository.js';

export const REFUND_MESSAGES = {
  noOrder: 'There is no such order.',
  notPaid: 'Nothing was paid for this order, so there is nothing to refund.',
  disputed: 'The fan’s bank is disputing this payment: the dispute decides it, not a refund.',
  notYourSale: 'This is not a sale of yours.',
  windowPassed: 'A sale can be refunded by you within 7 days of the payment. Write to support for an older one.',
  noRefund: 'There is no such refund.',
  notFailed: 'Only a refund that failed can be sent again.',
  reportWindowPassed: 'A problem can be reported within 24 hours of paying. Write to support for an older purchase.',
  reportNotPaid: 'Only a paid purchase can be reported.',
  alreadyReported: 'You already reported a problem with this purchase. We reply by email within 24 hours.',
  alreadyRefunded: 'This purchase was already refunded.',
  noTicket: 'There is no open ticket with that number.',
} as const;

/** Order failure reasons the fan reads as "cancelled" rather than "failed". */
const CANCELLED_REASONS = ['user_dropped', 'cancelled', 'void'];

export function toRefund(row: RefundRow): Refund {
  return {
    id: row.id,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    reason: row.reason,
    note: row.reason === 'creator' ? null : row.note,
    status: row.status,
    viaBank: row.viaBank === 1,
    arn: row.arn,
    paymentMethod: row.paymentMethod,
    createdAt: row.createdAt,
    finishedAt: row.finishedAt,
  };
}

function toReport(row: ProblemReportRow): ProblemReport {
  return {
    ticket: row.id,
    orderId: row.orderId,
    reason: row.reason as ProblemReason,
    message: row.message,
    status: row.status,
    resolution: row.resolution,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
  };
}

/** `KH-` and 8 digits: short enough to read out on a phone call. */
function newTicket(): string {
  return `KH-${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

/**
 * Money back, as people ask for it (issue 22 §2–§4): the admin's refunds and retries, the
 * creator's refunds of her own sales, the fan's purchases and problem reports, the refunds that
 * taking an item down owes its fans, and the admin's lists. The engine does the refunding.
 */
export function createRefundsService(deps: {
  engine: RefundEngine;
  transfers: RefundTransfers;
  refunds: RefundsRepository;
  disputes: DisputesRepository;
  sales: ContentSales;
  audit: AuditRepository;
  transaction: Transact;
  clock: Clock;
  mail: EmailQueue;
  links: RefundEmailLinks;
}) {
  const { refunds, clock } = deps;

  /** The engine's answer as the refund, or the error a person reads. */
  function refundOrThrow(result: IssueResult): RefundRow {
    switch (result.kind) {
      case 'issued':
        return result.refund;
      case 'already_refunded':
        throw new AppError('CONFLICT', REFUND_MESSAGES.alreadyRefunded);
      case 'wallet_short':
        throw new AppError(
          'CONFLICT',
          `Refunding this sale takes ${formatPaise(result.sharePaise)} from your wallet, which has ${formatPaise(result.walletPaise)}.`,
        );
      case 'refused':
        if (result.why === 'unknown_order') throw new AppError('NOT_FOUND', REFUND_MESSAGES.noOrder);
        throw new AppError('CONFLICT', result.why === 'disputed' ? REFUND_MESSAGES.disputed : REFUND_MESSAGES.notPaid);
    }
  }

  /** Refunds every fan whose access to the item still runs, in the caller's transaction: the item was taken down. */
  async function refundItemFans(
    trx: Kysely<Database>,
    item: { contentId: string; reason: string; by: string; at: number },
  ): Promise<{ fans: number; amountPaise: number }> {
    let fans = 0;
    let amountPaise = 0;
    for (const orderId of await deps.sales.within(trx).runningUnlockOrders(item.contentId, item.at)) {
      const result = await deps.engine.issue(trx, {
        orderId,
        reason: 'item_removed',
        note: item.reason,
        requestedBy: item.by,
        at: item.at,
      });
      if (result.kind === 'issued') {
        fans += 1;
        amountPaise += result.refund.amountPaise;
      }
    }
    return { fans, amountPaise };
  }

  function purchaseStatus(
    row: Awaited<ReturnType<RefundsRepository['listPurchases']>>[number],
    refund: RefundRow | undefined,
    dispute: DisputeRow | undefined,
    now: number,
  ): PurchaseStatus {
    if (refund !== undefined) return refund.status === 'SUCCESS' ? 'refunded' : 'refunding';
    if (dispute?.state === 'OPEN') return 'disputed';
    if (row.status === 'PAID') return row.expiresAt !== null && row.expiresAt > now ? 'paid' : 'expired';
    return CANCELLED_REASONS.includes(row.failureReason ?? '') ? 'cancelled' : 'failed';
  }

  return {
    refundItemFans,

    /**
     * What taking the item down would refund now (the hide dialog's words): the orders whose
     * unlocks still run, which are exactly those refundItemFans refunds (a refund or a dispute
     * ends an unlock, so none of them is refunded already).
     */
    async hidePreview(contentId: string): Promise<HideRefundPreview> {
      const orders = await deps.sales.runningUnlockOrders(contentId, clock.now());
      const amounts = await refunds.orderAmounts(orders);
      return { fans: amounts.length, amountPaise: amounts.reduce((sum, order) => sum + order.amountPaise, 0) };
    },

    /** POST /api/admin/payments/refund: any paid order, with the admin's reason (answers a ticket if one is open). */
    async adminRefund(admin: AuditActor, input: { orderId: string; reason: string }): Promise<Refund> {
      const now = clock.now();
      const refund = await deps.transaction(async (trx) => {
        const open = (await refunds.within(trx).latestReports([input.orderId]))[0];
        const row = refundOrThrow(
          await deps.engine.issue(trx, {
            orderId: input.orderId,
            reason: open?.status === 'OPEN' ? 'fan_problem' : 'admin',
            note: input.reason,
            requestedBy: admin.id,
            at: now,
          }),
        );
        await deps.audit.within(trx).record({
          actor: admin,
          action: 'payment.refund',
          subjectId: input.orderId,
          before: null,
          after: {
            refundId: row.id,
            amountPaise: row.amountPaise,
            fromWalletPaise: row.fromWalletPaise,
            owedPaise: row.toReceivablePaise,
          },
          reason: input.reason,
          at: now,
        });
        return row;
      });
      return toRefund(refund);
    },

    /** POST /api/admin/refunds/retry: a refund the provider gave up on, sent again as its next attempt. */
    async retry(admin: AuditActor, input: { id: string }): Promise<Refund> {
      const now = clock.now();
      const refund = await deps.transaction(async (trx) => {
        const repository = refunds.within(trx);
        const before = await repository.findById(input.id);
        if (before === undefined) throw new AppError('NOT_FOUND', REFUND_MESSAGES.noRefund);
        if (!(await repository.retry(input.id, now))) throw new AppError('CONFLICT', REFUND_MESSAGES.notFailed);
        await deps.transfers.queueSend(trx, input.id);
        await deps.audit.within(trx).record({
          actor: admin,
          action: 'refund.retry',
          subjectId: input.id,
          before: { status: before.status, failureReason: before.failureReason, attempt: before.attempt },
          after: { status: 'PENDING', attempt: before.attempt + 1 },
          reason: null,
          at: now,
        });
        return (await repository.findById(input.id)) as RefundRow;
      });
      return toRefund(refund);
    },

    /** POST /api/refunds: the creator refunds a sale of her own within 7 days; her wallet pays her share back. */
    async creatorRefund(account: SignedInAccount, input: { orderId: string; reason: string }): Promise<Refund> {
      const now = clock.now();
      const refund = await deps.transaction(async (trx) => {
        const order = await lockItemThenOrder(trx, { refunds, sales: deps.sales }, input.orderId);
        if (order === undefined || order.creatorId !== account.id) {
          throw new AppError('NOT_FOUND', REFUND_MESSAGES.notYourSale);
        }
        if (order.status === 'PAID' && order.paidAt !== null && now - order.paidAt > CREATOR_REFUND_WINDOW_MS) {
          throw new AppError('CONFLICT', REFUND_MESSAGES.windowPassed);
        }
        return refundOrThrow(
          await deps.engine.issue(trx, {
            orderId: input.orderId,
            reason: 'creator',
            note: input.reason,
            requestedBy: account.id,
            at: now,
            creatorPays: true,
          }),
        );
      });
      return toRefund(refund);
    },

    /** GET /api/purchases: what she bought, refunds and tickets included, newest first. */
    async purchases(account: SignedInAccount): Promise<Purchase[]> {
      const now = clock.now();
      const rows = await refunds.listPurchases(account.id, ADMIN_LIST_LIMIT);
      const ids = rows.map((row) => row.id);
      const refundOf = new Map((await refunds.findByOrders(ids)).map((row) => [row.orderId, row]));
      const reportOf = new Map((await refunds.latestReports(ids)).map((row) => [row.orderId, row]));
      const disputeOf = new Map((await deps.disputes.latestForOrders(ids)).map((row) => [row.orderId, row]));
      return rows.map((row) => {
        const refund = refundOf.get(row.id);
        const report = reportOf.get(row.id);
        const status = purchaseStatus(row, refund, disputeOf.get(row.id), now);
        const onSale = isOnSale({
          deletedAt: row.deletedAt,
          filesRemovedAt: row.filesRemovedAt,
          hiddenAt: row.hiddenAt,
          processingState: row.processingState,
          creatorSuspendedAt: row.suspendedAt,
        });
        // Content's rule (accessFor): a running unlock opens the item unless the admin hid it.
        const holds = status === 'paid' && row.hiddenAt === null && row.filesRemovedAt === null;
        return {
          orderId: row.id,
          status,
          amountPaise: row.amountPaise,
          createdAt: row.createdAt,
          paidAt: row.paidAt,
          accessUntil: row.status === 'PAID' && refund === undefined ? row.expiresAt : null,
          contentId: row.contentId,
          contentTitle: row.title,
          mediaKind: row.mediaKind,
          isAdultContent: row.isAdultContent === 1,
          // The preview route serves an item off sale only to those who may still open it.
          previewUrl: onSale || holds ? mediaUrls.preview(row.contentId) : null,
          downloadUrl: holds ? mediaUrls.download(row.contentId) : null,
          daysLeft: holds && row.purchasedAt !== null ? unlockDaysLeft(row.purchasedAt, now) : null,
          priceNowPaise: onSale ? row.pricePaise : null,
          creatorId: row.creatorId,
          creatorName: row.creatorName,
          creatorHandle: row.creatorHandle,
          paymentMethod: refund?.paymentMethod ?? row.paymentMethod,
          providerPaymentId: row.providerPaymentId,
          refund: refund === undefined ? null : toRefund(refund),
          report: report === undefined ? null : toReport(report),
          canReport:
            (status === 'paid' || status === 'expired') &&
            row.paidAt !== null &&
            now - row.paidAt <= PROBLEM_REPORT_WINDOW_MS &&
            report === undefined,
        };
      });
    },

    /** POST /api/purchases/report: a ticket for the admin, within 24 hours of paying; its number by email. */
    async reportProblem(account: SignedInAccount, input: ProblemReportInput): Promise<ProblemReport> {
      const now = clock.now();
      const report = await deps.transaction(async (trx) => {
        const repository = refunds.within(trx);
        const order = await repository.lockOrder(input.orderId);
        if (order === undefined || order.fanId !== account.id) throw new AppError('NOT_FOUND', REFUND_MESSAGES.noOrder);
        if ((await repository.findByOrder(order.id)) !== undefined) {
          throw new AppError('CONFLICT', REFUND_MESSAGES.alreadyRefunded);
        }
        if (order.status !== 'PAID' || order.paidAt === null)
          throw new AppError('CONFLICT', REFUND_MESSAGES.reportNotPaid);
        if (now - order.paidAt > PROBLEM_REPORT_WINDOW_MS) {
          throw new AppError('CONFLICT', REFUND_MESSAGES.reportWindowPassed);
        }
        if ((await repository.latestReports([order.id])).length > 0) {
          throw new AppError('CONFLICT', REFUND_MESSAGES.alreadyReported);
        }
        let row: ProblemReportRow | undefined;
        // A ticket number taken by another report (one in a hundred million) is drawn again.
        for (let tries = 0; row === undefined && tries < 5; tries++) {
          const candidate: ProblemReportRow = {
            id: newTicket(),
            orderId: order.id,
            fanId: account.id,
            reason: input.reason,
            message: input.message,
            status: 'OPEN',
            resolution: null,
            resolvedBy: null,
            createdAt: now,
            resolvedAt: null,
          };
          if (await repository.insertReport(candidate)) row = candidate;
        }
        if (row === undefined) throw new Error('could not draw a free ticket number');
        const details = await repository.findEmailDetails(order.id);
        if (details !== undefined) {
          await deps.mail.within(trx).send(
            problemReportReceivedEmail({
              to: details.fanEmail,
              fanName: details.fanName,
              itemTitle: details.title,
              ticket: row.id,
              reason: input.reason,
              orderId: order.id,
              ...deps.links,
            }),
          );
        }
        return row;
      });
      return toReport(report);
    },

    /** GET /api/admin/problem-reports. */
    async adminReports(): Promise<AdminProblemReport[]> {
      const rows = await refunds.listReportsForAdmin(ADMIN_LIST_LIMIT);
      const refundOf = new Map(
        (await refunds.findByOrders(rows.map((row) => row.orderId))).map((row) => [row.orderId, row]),
      );
      return rows.map((row) => {
        const refund = refundOf.get(row.orderId);
        return {
          ...toReport(row),
          fanEmail: row.fanEmail,
          amountPaise: row.amountPaise,
          paidAt: row.paidAt,
          contentTitle: row.contentTitle,
          creatorHandle: row.creatorHandle,
          refund: refund === undefined ? null : toRefund(refund),
        };
      });
    },

    /** POST /api/admin/problem-reports/close: answered without a refund; the fan gets the answer by email. */
    async closeReport(admin: AuditActor, input: { ticket: string; resolution: string }): Promise<ProblemReport> {
      const now = clock.now();
      const row = await deps.transaction(async (trx) => {
        const repository = refunds.within(trx);
        const closed = await repository.closeReport(input.ticket, input.resolution, admin.id, now);
        if (closed === undefined) throw new AppError('CONFLICT', REFUND_MESSAGES.noTicket);
        const details = await repository.findEmailDetails(closed.orderId);
        if (details !== undefined) {
          await deps.mail.within(trx).send(
            problemReportAnsweredEmail({
              to: details.fanEmail,
              fanName: details.fanName,
              itemTitle: details.title,
              ticket: closed.id,
              resolution: input.resolution,
              ...deps.links,
            }),
          );
        }
        await deps.audit.within(trx).record({
          actor: admin,
          action: 'problem_report.close',
          subjectId: closed.id,
          before: { status: 'OPEN' },
          after: { status: 'CLOSED' },
          reason: input.resolution,
          at: now,
        });
        return closed;
      });
      return toReport(row);
    },

    /** GET /api/admin/disputes, with the evidence Kholo holds. */
    async adminDisputes(): Promise<AdminDispute[]> {
      const rows = await deps.disputes.listForAdmin(ADMIN_LIST_LIMIT);
      return rows.map((row) => ({
        id: row.id,
        orderId: row.orderId,
        stage: row.stage,
        providerStatus: row.providerStatus,
        state: row.state,
        amountPaise: row.amountPaise,
        reasonCode: row.reasonCode,
        reasonDescription: row.reasonDescription,
        respondBy: row.respondBy,
        heldPaise: row.shareHeldPaise,
        createdAt: row.createdAt,
        resolvedAt: row.resolvedAt,
        creatorId: row.creatorId,
        creatorHandle: row.creatorHandle,
        evidence: {
          fanEmail: row.fanEmail,
          contentTitle: row.contentTitle,
          orderCreatedAt: row.orderCreatedAt,
          paidAt: row.paidAt,
          providerPaymentId: row.providerPaymentId,
          paymentMethod: row.orderPaymentMethod ?? row.paymentMethod,
          unlockedAt: row.unlockedAt,
          accessUntil: row.accessUntil,
          firstViewedAt: row.firstViewedAt,
          lastViewedAt: row.lastViewedAt,
          views: row.views ?? 0,
          ipHash: row.ipHash,
          refundedAt: row.viaBank === 1 ? null : row.refundedAt,
        },
      }));
    },

    /** The admin's payments list's money-back columns, for these orders. */
    async moneyBackOf(orderIds: readonly string[]) {
      const [refundRows, reports, disputes] = await Promise.all([
        refunds.findByOrders(orderIds),
        refunds.latestReports(orderIds),
        deps.disputes.latestForOrders(orderIds),
      ]);
      return {
        refunds: new Map(refundRows.map((row) => [row.orderId, toRefund(row)])),
        tickets: new Map(reports.map((row) => [row.orderId, { id: row.id, status: row.status }])),
        disputes: new Map(disputes.map((row) => [row.orderId, { id: row.id, state: row.state }])),
      };
    },

    /** The Dashboard's counts. */
    async counts() {
      const [openProblemReports, openDisputes, failedRefunds, refundsPaise] = await Promise.all([
        refunds.countOpenReports(),
        deps.disputes.countOpen(),
        refunds.countFailed(),
        refunds.sumRefunded(),
      ]);
      return { openProblemReports, openDisputes, failedRefunds, refundsPaise };
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
