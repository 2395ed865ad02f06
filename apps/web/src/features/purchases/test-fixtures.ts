import type { ProblemReport, Purchase, Refund } from '@kholo/contracts';

// 2 Dec 2025, 2:05 pm in India.
export const PAID_AT = Date.UTC(2025, 11, 2, 8, 35);
const DAY = 24 * 60 * 60_000;

/** A paid order with its 14 days running; tests override what they need. */
export function purchaseFixture(overrides: Partial<Purchase> = {}): Purchase {
  return {
    orderId: 'order_0000000000000000000001',
    status: 'paid',
    amountPaise: 49_00,
    createdAt: PAID_AT - 60_000,
    paidAt: PAID_AT,
    accessUntil: PAID_AT + 14 * DAY,
    contentId: 'content_1',
    contentTitle: 'Monsoon over Marine Drive',
    mediaKind: 'image',
    isAdultContent: false,
    previewUrl: '/api/contents/content_1/preview',
    downloadUrl: '/api/contents/content_1/download',
    daysLeft: 14,
    priceNowPaise: 49_00,
    creatorId: 'creator_1',
    creatorName: 'Asha Verma',
    creatorHandle: 'asha',
    paymentMethod: 'upi',
    providerPaymentId: 'cf_pay_123456',
    refund: null,
    report: null,
    canReport: true,
    ...overrides,
  };
}

export function refundFixture(overrides: Partial<Refund> = {}): Refund {
  return {
    id: 'refund_1',
    orderId: 'order_0000000000000000000001',
    amountPaise: 49_00,
    reason: 'fan_problem',
    note: null,
    status: 'SUCCESS',
    viaBank: false,
    arn: null,
    paymentMethod: 'upi',
    createdAt: PAID_AT + DAY,
    finishedAt: PAID_AT + 2 * DAY,
    ...overrides,
  };
}

export function reportFixture(overrides: Partial<ProblemReport> = {}): ProblemReport {
  return {
    ticket: 'KH-12345678',
    orderId: 'order_0000000000000000000001',
    reason: 'not_working',
    message: 'The photo does not open on my phone.',
    status: 'OPEN',
    resolution: null,
    createdAt: PAID_AT + 60 * 60_000,
    resolvedAt: null,
    ...overrides,
  };
}

export { DAY };
