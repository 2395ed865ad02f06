import type {
  AdminContent,
  AdminCreator,
  AdminDispute,
  AdminProblemReport,
  Refund,
  AdminJob,
  AdminJobList,
  AdminLogs,
  AdminOverview,
  AdminPayment,
  AdminWithdrawal,
  ContactMessageList,
  SafetyQueue,
  SafetyTicket,
} from '@kholo/contracts';
import { vi } from 'vitest';

// 21 Nov 2025, 11:16 am in India.
const AT = Date.UTC(2025, 10, 21, 5, 46);

export const OVERVIEW: AdminOverview = {
  counts: {
    users: 1234,
    creators: 56,
    fans: 1177,
    payments: 812,
    orders: 990,
    unlocks: 805,
    contents: 321,
    failedJobs: 0,
    openProblemReports: 0,
    openDisputes: 0,
    failedRefunds: 0,
    openReports: 0,
    overdueReports: 0,
  },
  money: {
    salesPaise: 12_345_600,
    platformFeesPaise: 617_280,
    creatorBalancesPaise: 424_242,
    withdrawalsPendingPaise: 142_453,
    withdrawalsPendingCount: 3,
    withdrawalsPaidPaise: 7_000_000,
    refundsPaise: 0,
    creatorReceivablesPaise: 0,
  },
  payouts: {
    mode: 'auto',
    providerBalancePaise: 500_000,
    providerAvailablePaise: 450_000,
    providerProblem: null,
    waitingForFundsCount: 0,
    waitingForFundsPaise: 0,
    reviewCount: 1,
    reviewPaise: 142_453,
    sendingCount: 0,
    sendingPaise: 0,
  },
};

/** The same Kholo, paying creators by hand (PAYOUTS=manual): no provider, so no balance. */
export const MANUAL_OVERVIEW: AdminOverview = {
  ...OVERVIEW,
  payouts: {
    ...OVERVIEW.payouts,
    mode: 'manual',
    providerBalancePaise: null,
    providerAvailablePaise: null,
    reviewCount: 0,
    reviewPaise: 0,
  },
};

export const PAID_PAYMENT: AdminPayment = {
  id: 'order_paid_1',
  createdAt: AT,
  status: 'PAID',
  amountPaise: 49_900,
  feePaise: 2_495,
  creditPaise: 47_405,
  paidAt: AT + 60_000,
  failureReason: null,
  provider: 'simulator',
  providerPaymentId: 'pay_1',
  fanEmail: 'ravi@example.in',
  contentId: 'content_1',
  contentTitle: 'Monsoon over Marine Drive',
  creatorId: 'creator_1',
  creatorHandle: 'asha',
  refund: null,
  ticket: null,
  dispute: null,
  refundable: true,
};

export const FAILED_PAYMENT: AdminPayment = {
  ...PAID_PAYMENT,
  id: 'order_failed_2',
  status: 'FAILED',
  feePaise: null,
  creditPaise: null,
  paidAt: null,
  failureReason: 'Bank declined the payment',
  providerPaymentId: null,
  refundable: false,
};

export const REFUND: Refund = {
  id: 'refund_1',
  orderId: 'order_refunded_3',
  amountPaise: 49_900,
  reason: 'admin',
  note: 'Duplicate purchase',
  status: 'SUCCESS',
  viaBank: false,
  arn: 'ARN1234567890',
  paymentMethod: 'upi',
  createdAt: AT + 3_600_000,
  finishedAt: AT + 7_200_000,
};

/** Refunded by the admin: the bank's reference is in. */
export const REFUNDED_PAYMENT: AdminPayment = {
  ...PAID_PAYMENT,
  id: 'order_refunded_3',
  refund: REFUND,
  refundable: false,
};

/** A refund the provider is still working on. */
export const REFUNDING_PAYMENT: AdminPayment = {
  ...PAID_PAYMENT,
  id: 'order_refunding_4',
  refund: { ...REFUND, id: 'refund_2', orderId: 'order_refunding_4', status: 'PENDING', arn: null, finishedAt: null },
  refundable: false,
};

/** The provider gave up: Kholo still owes it. */
export const REFUND_FAILED_PAYMENT: AdminPayment = {
  ...PAID_PAYMENT,
  id: 'order_refund_failed_5',
  refund: {
    ...REFUND,
    id: 'refund_3',
    orderId: 'order_refund_failed_5',
    status: 'FAILED',
    arn: null,
    finishedAt: null,
  },
  refundable: false,
};

/** The fan reported a problem; it waits for the admin. */
export const TICKET_PAYMENT: AdminPayment = {
  ...PAID_PAYMENT,
  id: 'order_ticket_6',
  fanEmail: 'meera@example.in',
  ticket: { id: 'KH-12345678', status: 'OPEN' },
};

/** Her bank is disputing it. */
export const DISPUTED_PAYMENT: AdminPayment = {
  ...PAID_PAYMENT,
  id: 'order_disputed_7',
  dispute: { id: 'dispute_1', state: 'OPEN' },
  refundable: false,
};

export const OPEN_REPORT: AdminProblemReport = {
  ticket: 'KH-12345678',
  orderId: 'order_ticket_6',
  reason: 'not_working',
  message: 'The photo shows a grey box on my phone.',
  status: 'OPEN',
  resolution: null,
  createdAt: AT + 600_000,
  resolvedAt: null,
  fanEmail: 'meera@example.in',
  amountPaise: 49_900,
  paidAt: AT + 60_000,
  contentTitle: 'Monsoon over Marine Drive',
  creatorHandle: 'asha',
  refund: null,
};

/** Answered without a refund: not listed among the open ones. */
export const CLOSED_REPORT: AdminProblemReport = {
  ...OPEN_REPORT,
  ticket: 'KH-87654321',
  orderId: 'order_paid_1',
  status: 'CLOSED',
  resolution: 'It opens in the app now.',
  resolvedAt: AT + 900_000,
};

/** A dispute the bank opened, `respondBy` from the test's now. */
export function disputeFixture(overrides: Partial<AdminDispute> = {}): AdminDispute {
  return {
    id: 'dispute_1',
    orderId: 'order_disputed_7',
    stage: 'CHARGEBACK',
    providerStatus: 'DISPUTE_CREATED',
    state: 'OPEN',
    amountPaise: 49_900,
    reasonCode: '4855',
    reasonDescription: 'Goods or services not provided',
    respondBy: Date.now() + 5 * 3_600_000,
    heldPaise: 47_405,
    createdAt: AT,
    resolvedAt: null,
    creatorId: 'creator_1',
    creatorHandle: 'asha',
    evidence: {
      fanEmail: 'ravi@example.in',
      contentTitle: 'Monsoon over Marine Drive',
      orderCreatedAt: AT,
      paidAt: AT + 60_000,
      providerPaymentId: 'cf_pay_998877',
      paymentMethod: 'upi',
      unlockedAt: AT + 61_000,
      accessUntil: AT + 14 * 86_400_000,
      firstViewedAt: AT + 120_000,
      lastViewedAt: AT + 86_400_000,
      views: 3,
      ipHash: '9f86d081884c7d65',
      refundedAt: null,
    },
    ...overrides,
  };
}

export const VISIBLE_CONTENT: AdminContent = {
  id: 'content_1',
  createdAt: AT,
  title: 'Monsoon over Marine Drive',
  description: 'Rain on the sea face.',
  mediaKind: 'image',
  pricePaise: 49_900,
  isAdultContent: false,
  unlocks: 3,
  earningsPaise: 142_215,
  creatorId: 'creator_1',
  creatorHandle: 'asha',
  creatorName: 'Asha Verma',
  hiddenAt: null,
  hiddenReason: null,
};

export const HIDDEN_CONTENT: AdminContent = {
  ...VISIBLE_CONTENT,
  id: 'content_2',
  title: 'Night ride',
  isAdultContent: true,
  hiddenAt: AT + 1000,
  hiddenReason: 'Copied from another creator',
};

export const ACTIVE_CREATOR: AdminCreator = {
  id: 'creator_1',
  createdAt: AT,
  name: 'Asha Verma',
  handle: 'asha',
  email: 'asha@example.in',
  walletBalancePaise: 142_453,
  contentCount: 12,
  earningsPaise: 500_000,
  suspendedAt: null,
  suspendedReason: null,
};

export const SUSPENDED_CREATOR: AdminCreator = {
  ...ACTIVE_CREATOR,
  id: 'creator_2',
  name: 'Vikram Rao',
  handle: 'vikram',
  email: 'vikram@example.in',
  suspendedAt: AT + 1000,
  suspendedReason: 'Selling other people’s photos',
};

export const LOGS: AdminLogs = {
  events: [
    {
      id: 'event_1',
      createdAt: AT,
      lastSeenAt: AT,
      source: 'webhook',
      eventType: 'PAYMENT_SUCCESS_WEBHOOK',
      orderId: 'order_paid_1',
      providerPaymentId: 'pay_1',
      paymentStatus: 'SUCCESS',
      amountPaise: 49_900,
      currency: 'INR',
      outcome: 'settled',
      deliveries: 2,
    },
  ],
  payoutEvents: [
    {
      id: 'payout_event_1',
      createdAt: AT + 120_000,
      lastSeenAt: AT + 180_000,
      source: 'webhook',
      eventType: 'TRANSFER_SUCCESS',
      withdrawalId: 'withdrawal_0',
      transferId: 'wd_0000000000000000000000aa',
      transferStatus: 'SUCCESS',
      statusCode: 'COMPLETED',
      outcome: 'PROCESSING + paid',
      deliveries: 2,
    },
    {
      id: 'payout_event_2',
      createdAt: AT + 60_000,
      lastSeenAt: AT + 60_000,
      source: 'send',
      eventType: 'transfer.send',
      withdrawalId: 'withdrawal_0',
      transferId: 'wd_0000000000000000000000aa',
      transferStatus: null,
      statusCode: null,
      outcome: 'sent',
      deliveries: 1,
    },
  ],
  audit: [
    {
      id: 'audit_1',
      createdAt: AT,
      actorEmail: 'admin@kholo.in',
      action: 'content.hide',
      subjectId: 'content_2',
      before: '{\n  "hiddenAt": null\n}',
      after: '{ "hiddenAt": 1763704000000, "reason": "Copied" }',
      reason: 'Copied from another creator',
    },
  ],
};

/** Held for the admin: her first payout, to a UPI ID her bank names as someone else. */
export const REVIEW_WITHDRAWAL: AdminWithdrawal = {
  id: 'withdrawal_1',
  amountPaise: 142_453,
  upiId: 'asha@okicici',
  payeeName: 'ASHA VERMA',
  status: 'REVIEW',
  requestedAt: AT,
  reviewReasons: ['first_payout', 'name_override'],
  approvedAt: null,
  sentAt: null,
  resolvedAt: null,
  reversedAt: null,
  paymentReference: null,
  rejectionReason: null,
  waitingForFunds: false,
  creatorId: 'creator_1',
  creatorName: 'Asha Verma',
  creatorHandle: 'asha',
  creatorEmail: 'asha@example.in',
  resolvedByEmail: null,
};

/** Waiting for the admin to pay it by hand (PAYOUTS=manual): nothing checked the UPI ID. */
export const REQUESTED_WITHDRAWAL: AdminWithdrawal = {
  ...REVIEW_WITHDRAWAL,
  payeeName: null,
  status: 'REQUESTED',
  reviewReasons: [],
};

/** Approved and held until Kholo's payout account is topped up. */
export const WAITING_WITHDRAWAL: AdminWithdrawal = {
  ...REVIEW_WITHDRAWAL,
  id: 'withdrawal_2',
  amountPaise: 90_000,
  upiId: 'vikram@ybl',
  payeeName: 'VIKRAM RAO',
  status: 'REQUESTED',
  reviewReasons: [],
  requestedAt: AT - 60_000,
  waitingForFunds: true,
  creatorId: 'creator_2',
  creatorName: 'Vikram Rao',
  creatorHandle: 'vikram',
  creatorEmail: 'vikram@example.in',
};

/** With the bank now. */
export const SENDING_WITHDRAWAL: AdminWithdrawal = {
  ...WAITING_WITHDRAWAL,
  id: 'withdrawal_3',
  upiId: 'vikram.rao@okhdfcbank',
  status: 'PROCESSING',
  waitingForFunds: false,
  sentAt: AT - 30_000,
};

export const PAID_WITHDRAWAL: AdminWithdrawal = {
  ...REVIEW_WITHDRAWAL,
  id: 'withdrawal_0',
  amountPaise: 60_000,
  upiId: 'asha.verma@ybl',
  payeeName: 'ASHA VERMA',
  status: 'PAID',
  reviewReasons: ['first_payout'],
  requestedAt: AT - 86_400_000,
  approvedAt: AT - 3_720_000,
  sentAt: AT - 3_660_000,
  resolvedAt: AT - 3_600_000,
  // The bank's UTR: paid by the provider, not by a person.
  paymentReference: '432112345678',
};

/** The bank refused it; the money went back to her wallet. */
export const FAILED_WITHDRAWAL: AdminWithdrawal = {
  ...PAID_WITHDRAWAL,
  id: 'withdrawal_4',
  upiId: 'asha.old@oksbi',
  status: 'FAILED',
  reviewReasons: [],
  approvedAt: null,
  paymentReference: null,
  resolvedByEmail: null,
  rejectionReason: 'The bank says this UPI ID is closed. Add a different UPI ID and withdraw again.',
};

export const MESSAGES: ContactMessageList = {
  items: [
    {
      id: 'message_1',
      createdAt: AT,
      name: 'Meera',
      email: 'meera@example.in',
      message: 'My payment went through but the photo is still locked.',
    },
  ],
};

export const FAILED_EMAIL_JOB: AdminJob = {
  id: 'job_failed_1',
  name: 'send-email',
  key: null,
  state: 'failed',
  attempts: 1,
  maxAttempts: 10,
  createdAt: AT,
  runAt: AT,
  finishedAt: AT + 5 * 60_000,
  lastError: '550 5.1.1 <asha@example.in>: mailbox unavailable',
  description: 'Email to asha@example.in: Reset your Kholo password',
};

export const RETRYING_EMAIL_JOB: AdminJob = {
  ...FAILED_EMAIL_JOB,
  id: 'job_retry_2',
  state: 'retry',
  attempts: 3,
  createdAt: AT - 60_000,
  runAt: AT + 60 * 60_000,
  finishedAt: null,
  lastError: 'connect ECONNREFUSED: the mail server is unavailable',
  description: 'Email to ravi@example.in: Your receipt for Monsoon over Marine Drive',
};

export const RUNNING_JOB: AdminJob = {
  id: 'job_running_3',
  name: 'reconcile-payments',
  key: null,
  state: 'running',
  attempts: 1,
  maxAttempts: 1,
  createdAt: AT - 120_000,
  runAt: AT - 120_000,
  finishedAt: null,
  lastError: null,
  description: 'every minute',
};

export const JOBS: AdminJobList = {
  items: [FAILED_EMAIL_JOB, RETRYING_EMAIL_JOB, RUNNING_JOB],
  counts: { queued: 4, retry: 1, running: 1, failed: 1 },
};

/** Makes the admin panel's layout query answer `wide` (a table) or not (cards). */
export function stubScreenWidth(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(min-width: 768px)' ? wide : false,
      media: query,
      onchange: null,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
}

const HOUR = 3_600_000;

/** An open urgent report of an item, held pending review, due in 1 h 20 min from `now`. */
export function safetyTicketFixture(overrides: Partial<SafetyTicket> = {}, now = Date.now()): SafetyTicket {
  return {
    ticket: 'R-1042',
    kind: 'report',
    reason: 'intimate_images',
    topic: null,
    lane: 'urgent',
    status: 'open',
    createdAt: now - 40 * 60_000,
    dueAt: now + HOUR + 20 * 60_000,
    overdue: false,
    subject: {
      type: 'content',
      id: 'content_7',
      title: 'Monsoon over Marine Drive',
      creatorId: 'creator_1',
      creatorHandle: 'asha',
      creatorName: 'Asha Rao',
      hiddenReason: 'Held for review after a report.',
      deleted: false,
    },
    details: 'This is me, posted without my consent.',
    originalUrl: null,
    reporterEmail: 'meera@example.in',
    reporterName: null,
    heldItem: true,
    decidedAt: null,
    decisionNote: null,
    actions: ['remove', 'dismiss', 'suspend'],
    ...overrides,
  };
}

export function safetyQueueFixture(items: SafetyTicket[], now = Date.now()): SafetyQueue {
  const open = items.filter((item) => item.status === 'open');
  return {
    items,
    counts: {
      open: open.length,
      overdue: open.filter((item) => item.dueAt < now).length,
      dueSoon: open.filter((item) => item.dueAt >= now && item.dueAt - now <= 2 * HOUR).length,
    },
    now,
  };
}
