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
}) {
  const { admin } = deps;

  return {
    async overview(): Promise<AdminOverview> {
      const [{ counts, money }, jobs, payouts] = await Promise.all([
        admin.countsAndMoney(),
        deps.jobs.counts(),
        deps.payouts.overview(),
      ]);
      return { counts: { ...counts, failedJobs: jobs.failed }, money, payouts };
    },

    /** Orders with the sale's split, read from the ledger, once paid. */
    async payments(): Promise<{ items: AdminPayment[] }> {
      const orders = await admin.listOrders(ADMIN_LIST_LIMIT);
      const split = await deps.ledger.saleSplits(
        orders.filter((order) => order.status === 'PAID').map((order) => order.id),
      );
      return {
        items: orders.map((order) => {
          const sale = order.status === 'PAID' ? split.get(order.id) : undefined;
          return { ...order, feePaise: sale?.feePaise ?? null, creditPaise: sale?.creditPaise ?? null };
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
