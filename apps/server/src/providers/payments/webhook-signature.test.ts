import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook, WEBHOOK_TOLERANCE_MS } from './webhook-signature.js';

// The test vector of reference/payment-providers.md §3, byte for byte.
const SECRET = 'cfsk_test_secret_123';
const TIMESTAMP = '1746427759733';
const BODY =
  '{"data":{"order":{"order_id":"ord_demo_1","order_amount":170.00,"order_currency":"INR","order_tags":null},' +
  '"payment":{"cf_payment_id":"5114910000001","payment_status":"SUCCESS","payment_amount":170.00,"payment_currency":"INR"}},' +
  '"event_time":"2025-05-05T12:19:19+05:30","type":"PAYMENT_SUCCESS_WEBHOOK"}';
const SIGNATURE = 'QgHVTAy1DrW2xA/b+kHcvA6xLOr13/bTe5ytqfG9vhk=';
/** What the reference computed for the same JSON re-serialised as 170.0. */
const RESERIALISED_SIGNATURE = 'GzB/hvdeSgi6hJkoMDH/hyXd+bdy/EMEMcewKzkklNg=';
const SENT_AT = Number(TIMESTAMP);

function check(
  body: string,
  headers: { timestamp?: string | undefined; signature?: string | undefined } = {},
  now = SENT_AT,
  secret = SECRET,
) {
  return checkWebhookSignature(
    secret,
    {
      timestamp: 'timestamp' in headers ? headers.timestamp : TIMESTAMP,
      signature: 'signature' in headers ? headers.signature : SIGNATURE,
    },
    Buffer.from(body, 'utf8'),
    now,
  );
}

describe('signWebhook', () => {
  it('matches the reference test vector', () => {
    expect(signWebhook(SECRET, TIMESTAMP, BODY)).toBe(SIGNATURE);
    expect(signWebhook(SECRET, TIMESTAMP, Buffer.from(BODY, 'utf8'))).toBe(SIGNATURE);
  });

  it('gives the reference’s different signature for the body re-serialised with 170.0', () => {
    expect(signWebhook(SECRET, TIMESTAMP, BODY.replaceAll('170.00', '170.0'))).toBe(RESERIALISED_SIGNATURE);
  });
});

describe('checkWebhookSignature', () => {
  it('accepts the reference delivery as received', () => {
    expect(check(BODY)).toBeNull();
  });

  it('refuses the same JSON re-serialised (170.0, or 170 as JSON.stringify writes it)', () => {
    expect(check(BODY.replaceAll('170.00', '170.0'))).toBe('mismatch');
    const reserialised = JSON.stringify(JSON.parse(BODY));
    expect(reserialised).toContain('"order_amount":170,');
    expect(check(reserialised)).toBe('mismatch');
  });

  it('refuses a tampered body, a different timestamp, a wrong secret and a cut signature', () => {
    expect(check(BODY.replace('"SUCCESS"', '"FAILED"'))).toBe('mismatch');
    expect(check(`${BODY} `)).toBe('mismatch');
    expect(check(BODY, { timestamp: String(SENT_AT + 1) })).toBe('mismatch');
    expect(check(BODY, {}, SENT_AT, 'cfsk_test_secret_124')).toBe('mismatch');
    expect(check(BODY, { signature: SIGNATURE.slice(0, 20) })).toBe('mismatch');
    expect(check(BODY, { signature: RESERIALISED_SIGNATURE })).toBe('mismatch');
    expect(check(BODY, { signature: 'not base64 at all!' })).toBe('mismatch');
  });

  it('refuses missing or empty headers', () => {
    expect(check(BODY, { timestamp: undefined })).toBe('missing');
    expect(check(BODY, { signature: undefined })).toBe('missing');
    expect(check(BODY, { timestamp: '' })).toBe('missing');
    expect(check(BODY, { signature: '' })).toBe('missing');
  });

  it('refuses a timestamp that is not epoch digits', () => {
    expect(check(BODY, { timestamp: '2025-05-05T12:19:19Z' })).toBe('malformed');
    expect(check(BODY, { timestamp: '-1746427759733' })).toBe('malformed');
    expect(check(BODY, { timestamp: '123' })).toBe('malformed');
  });

  it('accepts a delivery up to 10 minutes either side of our clock, and not a millisecond more', () => {
    expect(WEBHOOK_TOLERANCE_MS).toBe(10 * 60_000);
    expect(check(BODY, {}, SENT_AT + WEBHOOK_TOLERANCE_MS)).toBeNull();
    expect(check(BODY, {}, SENT_AT - WEBHOOK_TOLERANCE_MS)).toBeNull();
    expect(check(BODY, {}, SENT_AT + WEBHOOK_TOLERANCE_MS + 1)).toBe('stale');
    expect(check(BODY, {}, SENT_AT - WEBHOOK_TOLERANCE_MS - 1)).toBe('stale');
    expect(check(BODY, {}, SENT_AT + 24 * 60 * 60_000)).toBe('stale');
  });

  it('reads a 10-digit timestamp as epoch seconds', () => {
    const seconds = TIMESTAMP.slice(0, 10);
    const signature = signWebhook(SECRET, seconds, BODY);
    expect(check(BODY, { timestamp: seconds, signature })).toBeNull();
    expect(check(BODY, { timestamp: seconds, signature }, SENT_AT + WEBHOOK_TOLERANCE_MS + 1000)).toBe('stale');
  });
});
