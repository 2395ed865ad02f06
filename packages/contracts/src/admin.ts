import { z } from 'zod';
import { ORDER_STATUSES_FOR_ADMIN } from './admin-rules.js';
import { refund } from './refunds.js';
import { adminReason, withdrawal } from './withdrawals.js';

/**
 * The admin panel's reads and actions (SPEC §2 Admin panel, §7 admin queries). Every route is
 * admin-only, checked on the session server-side; lists are newest first and capped at
 * ADMIN_LIST_LIMIT (logs: ADMIN_LOG_LIMIT).
 */

/** The payouts side of the dashboard: the mode, and the provider's balance against what waits. */
export const adminPayoutsOverview = z.object({
  mode: z.enum(['auto', 'manual']),
  /** The platform's payout account at the provider; null without a provider or when it did not answer. */
  providerBalancePaise: z.number().int().nullable(),
  providerAvailablePaise: z.number().int().nullable(),
  /** Why the balance is missing, in words; null when it is shown or there is no provider. */
  providerProblem: z.string().nullable(),
  waitingForFundsCount: z.number().int(),
  waitingForFundsPaise: z.number().int(),
  reviewCount: z.number().int(),
  reviewPaise: z.number().int(),
  sendingCount: z.number().int(),
  sendingPaise: z.number().int(),
});
export type AdminPayoutsOverview = z.infer<typeof adminPayoutsOverview>;

/** GET /api/admin/overview: the Dashboard tab. */
export const adminOverview = z.object({
  counts: z.object({
    /** Every account, the admin included. */
    users: z.number().int(),
    creators: z.number().int(),
    fans: z.number().int(),
    /** Orders that were paid. */
    payments: z.number().int(),
    /** Every order ever started. */
    orders: z.number().int(),
    unlocks: z.number().int(),
    contents: z.number().int(),
    /** Background jobs that used all their tries (emails among them), waiting in the Jobs view. */
    failedJobs: z.number().int(),
    /** Fans' problem reports not yet answered. */
    openProblemReports: z.number().int(),
    /** Disputes the bank has opened and not yet decided. */
    openDisputes: z.number().int(),
    /** Refunds the provider gave up on: Kholo still owes them (retry from Payments). */
    failedRefunds: z.number().int(),
    /** Reports, grievances and review requests not yet decided (the Reports tab). */
    openReports: z.number().int(),
    /** Of those, the ones past the deadline their lane's rule sets. */
    overdueReports: z.number().int(),
  }),
  money: z.object({
    /** What fans paid, all time. */
    salesPaise: z.number().int(),
    platformFeesPaise: z.number().int(),
    /** Sum of creator wallets: what Kholo owes creators and has not yet paid out. */
    creatorBalancesPaise: z.number().int(),
    withdrawalsPendingPaise: z.number().int(),
    withdrawalsPendingCount: z.number().int(),
    withdrawalsPaidPaise: z.number().int(),
    /** Refunded to fans, all time (sent or on its way). */
    refundsPaise: z.number().int(),
    /** What creators owe for refunds their wallets could not cover. */
    creatorReceivablesPaise: z.number().int(),
  }),
  payouts: adminPayoutsOverview,
});
export type AdminOverview = z.infer<typeof adminOverview>;

/** GET /api/admin/payments: orders by createdAt, newest first. */
export const adminPayment = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  status: z.enum(ORDER_STATUSES_FOR_ADMIN),
  amountPaise: z.number().int(),
  /** The sale's split, once paid; null before. */
  feePaise: z.number().int().nullable(),
  creditPaise: z.number().int().nullable(),
  paidAt: z.number().int().nullable(),
  failureReason: z.string().nullable(),
  provider: z.string(),
  providerPaymentId: z.string().nullable(),
  fanEmail: z.string(),
  contentId: z.string(),
  contentTitle: z.string(),
  creatorId: z.string(),
  creatorHandle: z.string(),
  /** The money back, if any (one per order). */
  refund: refund.nullable(),
  /** The fan's latest problem report on it. */
  ticket: z.object({ id: z.string(), status: z.enum(['OPEN', 'REFUNDED', 'CLOSED']) }).nullable(),
  /** The latest dispute on it. */
  dispute: z.object({ id: z.string(), state: z.enum(['OPEN', 'WON', 'LOST']) }).nullable(),
  /** The admin may refund it now: money arrived, nothing refunded, no dispute open. */
  refundable: z.boolean(),
});
export type AdminPayment = z.infer<typeof adminPayment>;

/** GET /api/admin/contents: items not deleted by their creator, newest first. */
export const adminContent = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  title: z.string(),
  description: z.string(),
  mediaKind: z.enum(['image', 'video']),
  pricePaise: z.number().int(),
  isAdultContent: z.boolean(),
  unlocks: z.number().int(),
  earningsPaise: z.number().int(),
  creatorId: z.string(),
  creatorHandle: z.string(),
  creatorName: z.string(),
  /** Set while the admin keeps it off Kholo for breaking the Terms. */
  hiddenAt: z.number().int().nullable(),
  hiddenReason: z.string().nullable(),
});
export type AdminContent = z.infer<typeof adminContent>;

/** GET /api/admin/creators: newest first. */
export const adminCreator = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  name: z.string(),
  handle: z.string(),
  email: z.string(),
  walletBalancePaise: z.number().int(),
  contentCount: z.number().int(),
  earningsPaise: z.number().int(),
  /** Set while suspended: the page is gone and uploads are refused. */
  suspendedAt: z.number().int().nullable(),
  suspendedReason: z.string().nullable(),
});
export type AdminCreator = z.infer<typeof adminCreator>;

/** What the payouts provider told us about a transfer: webhooks, polls and answers to a send. */
export const adminPayoutEvent = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  source: z.enum(['webhook', 'poll', 'send']),
  eventType: z.string(),
  withdrawalId: z.string().nullable(),
  transferId: z.string().nullable(),
  transferStatus: z.string().nullable(),
  statusCode: z.string().nullable(),
  outcome: z.string(),
  deliveries: z.number().int(),
});
export type AdminPayoutEvent = z.infer<typeof adminPayoutEvent>;

/** What a payment provider told us, or what we asked it (the spec's orderMeta). */
export const adminPaymentEvent = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  lastSeenAt: z.number().int(),
  source: z.enum(['webhook', 'verify', 'reconcile']),
  eventType: z.string(),
  orderId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  paymentStatus: z.string().nullable(),
  amountPaise: z.number().int().nullable(),
  currency: z.string().nullable(),
  outcome: z.string(),
  deliveries: z.number().int(),
});
export type AdminPaymentEvent = z.infer<typeof adminPaymentEvent>;

/** One admin action: who, what, when, before and after (JSON text as stored). */
export const adminAuditEntry = z.object({
  id: z.string(),
  createdAt: z.number().int(),
  actorEmail: z.string(),
  action: z.string(),
  subjectId: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntry>;

/** GET /api/admin/logs: both newest first, ADMIN_LOG_LIMIT each. */
export const adminLogs = z.object({
  events: z.array(adminPaymentEvent),
  payoutEvents: z.array(adminPayoutEvent),
  audit: z.array(adminAuditEntry),
});
export type AdminLogs = z.infer<typeof adminLogs>;

/** GET /api/admin/withdrawals: newest first. */
export const adminWithdrawal = withdrawal.extend({
  creatorId: z.string(),
  creatorName: z.string(),
  creatorHandle: z.string(),
  creatorEmail: z.string(),
  /** The admin who paid or rejected it. */
  resolvedByEmail: z.string().nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

export const adminPaymentList = z.object({ items: z.array(adminPayment) });
export const adminContentList = z.object({ items: z.array(adminContent) });
export const adminCreatorList = z.object({ items: z.array(adminCreator) });
export const adminWithdrawalList = z.object({ items: z.array(adminWithdrawal) });

const subjectId = z
  .string({ error: 'Please say which one.' })
  .trim()
  .min(1, 'Please say which one.')
  .max(100, 'That is not a Kholo id.');

/** POST /api/admin/contents/hide {id, reason} and /unhide {id}. */
export const hideContentInput = z.object({ id: subjectId, reason: adminReason });
export const unhideContentInput = z.object({ id: subjectId });
/** POST /api/admin/creators/suspend {id, reason} and /reinstate {id}. */
export const suspendCreatorInput = z.object({ id: subjectId, reason: adminReason });
export const reinstateCreatorInput = z.object({ id: subjectId });

/** The states the admin's Jobs view filters by (done jobs are not listed). */
export const ADMIN_JOB_STATES = ['queued', 'retry', 'running', 'failed'] as const;

/** One background job (ADR 019): what it is, where it stands, and why it last failed. */
export const adminJob = z.object({
  id: z.string(),
  /** The kind: send-email, reconcile-payments … */
  name: z.string(),
  key: z.string().nullable(),
  state: z.enum(['queued', 'retry', 'running', 'completed', 'failed']),
  /** Tries started so far, and how many it gets. */
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  createdAt: z.number().int(),
  /** When it runs next (queued, retry), or when it was due (running, failed). */
  runAt: z.number().int(),
  finishedAt: z.number().int().nullable(),
  lastError: z.string().nullable(),
  /** One line, never a secret: "Email to asha@example.com: Reset your Kholo password". */
  description: z.string(),
});
export type AdminJob = z.infer<typeof adminJob>;

/** GET /api/admin/jobs?state=: newest first, at most 100, with the count in each state. */
export const adminJobList = z.object({
  items: z.array(adminJob),
  counts: z.object({
    queued: z.number().int(),
    retry: z.number().int(),
    running: z.number().int(),
    failed: z.number().int(),
  }),
});
export type AdminJobList = z.infer<typeof adminJobList>;
export const adminJobsQuery = z.object({
  state: z.enum(ADMIN_JOB_STATES, { error: 'State must be queued, retry, running or failed.' }).optional(),
});

/** POST /api/admin/jobs/retry {id} (a failed job, one more try now) and /discard {id} (not while running). */
export const jobActionInput = z.object({ id: subjectId });
