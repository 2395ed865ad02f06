import {
  ADMIN_LIST_LIMIT,
  ADMIN_LOG_LIMIT,
  type AdminContent,
  type AdminCreator,
  type AdminLogs,
  type AdminOverview,
  type AdminPayment,
} from '@kholo/contracts';
import type { AuditRepository } from '../audit/index.js';
import type { JobsAdmin } from '../jobs/index.js';
import type { Ledger } from '../ledger/index.js';
import { RETURNED_PAYMENT_REASONS, type RefundsService } from '../refunds/index.js';
import type { PayoutsOverview } from '../withdrawals/index.js';
import type { AdminRepository } from './admin-repository.js';

type ContentRow = NonNullable<Awaited<ReturnType<AdminRepository['findContent']>>>;

export function adminContentOf(row: ContentRow): AdminContent {
  return { ...row, isAdultContent: row.isAdultContent === 1 };
}

/** The admin panel's tabs (SPEC §2 Admin panel, §7 admin queries): newest first, capped. */
export function createAdminService(deps: {
  admin: AdminRepository;
  audit: AuditRepository;
  ledger: Pick<Ledger, 'saleSplits'>;
  jobs: Pick<JobsAdmin, 'counts'>;
  payouts: PayoutsOverview;
  moneyBack: Pick<RefundsService, 'moneyBackOf' | 'counts'>;
  /** The takedown queue's open and overdue tickets (features/safety). */
  reports: { counts(): Promise<{ open: number; overdue: number }> };
}) {
  const { admin } = deps;

  return {
    async overview(): Promise<AdminOverview> {
      const [{ counts, money }, jobs, payouts, moneyBack, reports] = await Promise.all([
        admin.countsAndMoney(),
        deps.jobs.counts(),
        deps.payouts.overview(),
        deps.moneyBack.counts(),
        deps.reports.counts(),
      ]);
      const { refundsPaise, ...moneyBackCounts } = moneyBack;
      return {
        counts: {
          ...counts,
          failedJobs: jobs.failed,
          ...moneyBackCounts,
          openReports: reports.open,
          overdueReports: reports.overdue,
        },
        money: { ...money, refundsPaise },
        payouts,
      };
    },

    /** Orders with the sale's split, read from the ledger, once paid. */
    async payments(): Promise<{ items: AdminPayment[] }> {
      const orders = await admin.listOrders(ADMIN_LIST_LIMIT);
      const split = await deps.ledger.saleSplits(
        orders.filter((order) => order.status === 'PAID').map((order) => order.id),
      );
      const moneyBack = await deps.moneyBack.moneyBackOf(orders.map((order) => order.id));
      return {
        items: orders.map((order) => {
          const sale = order.status === 'PAID' ? split.get(order.id) : undefined;
          const refund = moneyBack.refunds.get(order.id) ?? null;
          const dispute = moneyBack.disputes.get(order.id) ?? null;
          const moneyArrived =
            order.status === 'PAID' ||
            (RETURNED_PAYMENT_REASONS as readonly string[]).includes(order.failureReason ?? '');
          return {
            ...order,
            feePaise: sale?.feePaise ?? null,
            creditPaise: sale?.creditPaise ?? null,
            refund,
            ticket: moneyBack.tickets.get(order.id) ?? null,
            dispute,
            refundable: moneyArrived && refund === null && dispute?.state !== 'OPEN',
          };
        }),
      };
    },

    async contents(): Promise<{ items: AdminContent[] }> {
      return { items: (await admin.listContents(ADMIN_LIST_LIMIT)).map(adminContentOf) };
    },

    async creators(): Promise<{ items: AdminCreator[] }> {
      return { items: await admin.listCreators(ADMIN_LIST_LIMIT) };
    },

    async logs(): Promise<AdminLogs> {
      const [events, payoutEvents, audit] = await Promise.all([
        admin.listPaymentEvents(ADMIN_LOG_LIMIT),
        deps.payouts.events(ADMIN_LOG_LIMIT),
        deps.audit.listLatest(ADMIN_LOG_LIMIT),
      ]);
      return { events, payoutEvents, audit };
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
