import { describe, expect, it } from 'vitest';
import { disputeOutcome } from './payment-gateway.js';
import { disputeWebhook, refundWebhook } from './webhook-events.js';
import { checkWebhookSignature } from './webhook-signature.js';

// The test vectors of reference/payment-providers-2.md §2.7 and §3.2, byte for byte, signed with
// part 1's secret and timestamp.
const SECRET = 'cfsk_test_secret_123';
const TIMESTAMP = '1746427759733';
const REFUND_BODY =
  '{"data":{"refund":{"cf_refund_id":"11325632","cf_payment_id":"789727431","refund_id":"rf_ord_demo_1_1",' +
  '"order_id":"ord_demo_1","refund_amount":170.00,"refund_currency":"INR","entity":"Refund",' +
  '"refund_type":"MERCHANT_INITIATED","refund_arn":"205907014017","refund_status":"SUCCESS",' +
  '"status_description":"Refund processed successfully","created_at":"2025-05-05T12:54:25+05:30",' +
  '"processed_at":"2025-05-05T13:04:27+05:30","refund_note":"creator request","refund_splits":[],"metadata":null,' +
  '"requested_speed":"STANDARD","processed_speed":"STANDARD","service_charge":0.00,"service_tax":0.00}},' +
  '"event_time":"2025-05-05T13:04:28+05:30","type":"REFUND_STATUS_WEBHOOK"}';
const REFUND_SIGNATURE = '9deOwdV6PtDv9cVDFIbQy/vlMAmYlbOB2M5CCEufAbA=';
const DISPUTE_BODY =
  '{"data":{"dispute":{"dispute_id":"433475258","dispute_type":"CHARGEBACK","reason_code":"1402",' +
  '"reason_description":"Duplicate Processing","dispute_amount":170.00,"created_at":"2025-05-05T21:49:48+05:30",' +
  '"updated_at":"2025-05-05T21:49:48+05:30","respond_by":"2025-05-08T23:59:59+05:30",' +
  '"dispute_status":"CHARGEBACK_CREATED","cf_dispute_remarks":"Dispute is created, please take action",' +
  '"dispute_action_on":"MERCHANT"},"order_details":{"order_id":"ord_demo_1","order_amount":170.00,' +
  '"order_currency":"INR","cf_payment_id":"5114910000001","payment_amount":170.00,"payment_currency":"INR"},' +
  '"customer_details":{"customer_name":null,"customer_phone":"9999999999","customer_email":"v@example.com"}},' +
  '"event_time":"2025-05-05T21:50:04+05:30","type":"DISPUTE_CREATED"}';
const DISPUTE_SIGNATURE = 'pzARUS18Dksf5Akv9YLFcN+QwtVWmY/rQ1e7j2wiS6I=';

const ist = (text: string) => Date.parse(text);

describe('the reference’s test vectors', () => {
  it.each([
    ['refund', REFUND_BODY, REFUND_SIGNATURE],
    ['dispute', DISPUTE_BODY, DISPUTE_SIGNATURE],
  ])('the %s webhook verifies with the signature the reference computed', (_name, body, signature) => {
    const raw = Buffer.from(body, 'utf8');
    expect(checkWebhookSignature(SECRET, { timestamp: TIMESTAMP, signature }, raw, Number(TIMESTAMP))).toBeNull();
    // The same JSON re-serialised (170.00 → 170) is not what Cashfree signed.
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(body)), 'utf8');
    expect(checkWebhookSignature(SECRET, { timestamp: TIMESTAMP, signature }, reserialised, Number(TIMESTAMP))).toBe(
      'mismatch',
    );
  });
});

describe('refundWebhook', () => {
  it('reads the 2025-01-01 vector', () => {
    expect(refundWebhook(JSON.parse(REFUND_BODY))).toEqual({
      orderId: 'ord_demo_1',
      refundId: 'rf_ord_demo_1_1',
      providerRefundId: '11325632',
      status: 'SUCCESS',
      amountPaise: 17_000,
      arn: '205907014017',
      description: 'Refund processed successfully',
      processedAt: ist('2025-05-05T13:04:27+05:30'),
    });
  });

  it('reads Cashfree’s docs sample: integer ids, a CANCELLED refund without an ARN', () => {
    const sample = {
      data: {
        refund: {
          cf_refund_id: 11325632,
          cf_payment_id: 789727431,
          refund_id: 'refund_sampleorder0413',
          order_id: 'sampleorder0413',
          refund_amount: 2.0,
          refund_currency: 'INR',
          entity: 'Refund',
          refund_type: 'MERCHANT_INITIATED',
          refund_arn: null,
          refund_status: 'CANCELLED',
          status_description: 'Refund cancelled',
          created_at: '2022-02-28T12:54:25+05:30',
          processed_at: null,
          refund_splits: [{ merchantVendorId: 'sampleID12345', amount: 1, percentage: null }],
          requested_speed: 'STANDARD',
          processed_speed: 'STANDARD',
        },
      },
      event_time: '2022-02-28T13:04:28+05:30',
      type: 'REFUND_STATUS_WEBHOOK',
    };
    expect(refundWebhook(sample)).toMatchObject({
      orderId: 'sampleorder0413',
      providerRefundId: '11325632',
      status: 'CANCELLED',
      amountPaise: 200,
      arn: null,
      processedAt: null,
    });
  });

  it('reads the 2023-08-01 shape (refund_mode and refund_charge instead of the speed fields)', () => {
    const v2023 = JSON.parse(
      REFUND_BODY.replace(
        '"requested_speed":"STANDARD","processed_speed":"STANDARD","service_charge":0.00,"service_tax":0.00',
        '"refund_charge":0,"refund_mode":"STANDARD"',
      ),
    ) as unknown;
    expect(refundWebhook(v2023)).toMatchObject({ refundId: 'rf_ord_demo_1_1', status: 'SUCCESS', amountPaise: 17_000 });
  });

  it('is null for anything else or anything malformed', () => {
    const vector = JSON.parse(REFUND_BODY) as { data: { refund: Record<string, unknown> } };
    const withRefund = (changes: Record<string, unknown>) => ({
      ...vector,
      data: { refund: { ...vector.data.refund, ...changes } },
    });
    for (const payload of [
      null,
      'REFUND_STATUS_WEBHOOK',
      [],
      { ...vector, type: 'PAYMENT_SUCCESS_WEBHOOK' },
      { ...vector, type: undefined },
      { type: 'REFUND_STATUS_WEBHOOK' },
      { type: 'REFUND_STATUS_WEBHOOK', data: [] },
      { type: 'REFUND_STATUS_WEBHOOK', data: { refund: 'x' } },
      withRefund({ order_id: undefined }),
      withRefund({ refund_id: 42 }),
      withRefund({ refund_status: null }),
      withRefund({ refund_amount: '170.00' }),
      withRefund({ refund_amount: 1.005 }),
      withRefund({ refund_amount: Number.NaN }),
    ]) {
      expect(refundWebhook(payload)).toBeNull();
    }
    // Fields only reported are read leniently: an unreadable one is null, the event still counts.
    expect(
      refundWebhook(withRefund({ cf_refund_id: 2 ** 60, processed_at: 'yesterday', refund_arn: 205907014017 })),
    ).toMatchObject({ providerRefundId: null, processedAt: null, arn: '205907014017' });
  });
});

describe('disputeWebhook', () => {
  it('reads the vector: the dispute with its order from order_details', () => {
    expect(disputeWebhook(JSON.parse(DISPUTE_BODY))).toEqual({
      type: 'DISPUTE_CREATED',
      dispute: {
        disputeId: '433475258',
        orderId: 'ord_demo_1',
        stage: 'CHARGEBACK',
        status: 'CHARGEBACK_CREATED',
        amountPaise: 17_000,
        reasonCode: '1402',
        reasonDescription: 'Duplicate Processing',
        respondBy: ist('2025-05-08T23:59:59+05:30'),
        createdAt: ist('2025-05-05T21:49:48+05:30'),
        updatedAt: ist('2025-05-05T21:49:48+05:30'),
        resolvedAt: null,
      },
    });
  });

  it('reads Cashfree’s docs sample, whose amounts are whole numbers and cf_payment_id an integer', () => {
    const sample = JSON.parse(
      DISPUTE_BODY.replaceAll('170.00', '3').replace('"cf_payment_id":"5114910000001"', '"cf_payment_id":885473311'),
    ) as unknown;
    expect(disputeWebhook(sample)?.dispute.amountPaise).toBe(300);
  });

  it.each([
    ['DISPUTE_UPDATED', 'PRE_ARBITRATION_CREATED', null, null],
    ['DISPUTE_CLOSED', 'CHARGEBACK_MERCHANT_WON', 'won', '2025-05-06T10:00:00+05:30'],
    ['DISPUTE_CLOSED', 'CHARGEBACK_INSUFFICIENT_EVIDENCE', 'lost', '2025-05-06T10:00:00+05:30'],
  ] as const)('%s with %s: outcome %s, resolved when last updated', (type, status, outcome, resolvedAt) => {
    const body = DISPUTE_BODY.replace('"type":"DISPUTE_CREATED"', `"type":"${type}"`)
      .replace('"dispute_status":"CHARGEBACK_CREATED"', `"dispute_status":"${status}"`)
      .replace('"updated_at":"2025-05-05T21:49:48+05:30"', '"updated_at":"2025-05-06T10:00:00+05:30"');
    const event = disputeWebhook(JSON.parse(body));
    expect(event?.type).toBe(type);
    expect(event?.dispute.status).toBe(status);
    expect(disputeOutcome(event!.dispute.status)).toBe(outcome);
    expect(event?.dispute.resolvedAt).toBe(resolvedAt === null ? null : ist(resolvedAt));
  });

  it('is null for anything else or anything malformed', () => {
    const vector = JSON.parse(DISPUTE_BODY) as {
      type: string;
      data: { dispute: Record<string, unknown>; order_details: Record<string, unknown> };
    };
    const withDispute = (changes: Record<string, unknown>) => ({
      ...vector,
      data: { ...vector.data, dispute: { ...vector.data.dispute, ...changes } },
    });
    for (const payload of [
      undefined,
      42,
      { ...vector, type: 'DISPUTE_DELETED' },
      { ...vector, type: 'REFUND_STATUS_WEBHOOK' },
      { ...vector, data: null },
      { ...vector, data: { dispute: vector.data.dispute } },
      { ...vector, data: { ...vector.data, order_details: { order_id: 7 } } },
      withDispute({ dispute_id: '' }),
      withDispute({ dispute_id: 2 ** 60 }),
      withDispute({ dispute_id: -1 }),
      withDispute({ dispute_type: null }),
      withDispute({ dispute_status: undefined }),
      withDispute({ dispute_amount: '170.00' }),
    ]) {
      expect(disputeWebhook(payload)).toBeNull();
    }
    // A dispute id sent as a JSON number is kept as its digits.
    expect(disputeWebhook(withDispute({ dispute_id: 433475258 }))?.dispute.disputeId).toBe('433475258');
  });
});
