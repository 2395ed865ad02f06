import { describe, expect, it } from 'vitest';
import { checkWebhookSignature, signWebhook, WEBHOOK_TOLERANCE_MS, webhookAgeMs } from './webhook-signature.js';

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

describe('checkWebhookSignature with the app’s replay window (contract check M2)', () => {
  const DAY = 24 * 60 * 60_000;
  const within = (now: number) =>
    checkWebhookSignature(SECRET, { timestamp: TIMESTAMP, signature: SIGNATURE }, Buffer.from(BODY, 'utf8'), now, {
      maxAgeMs: DAY,
    });

  it('accepts a delivery as old as the window, covering Cashfree’s retries at 2, 10 and 30 minutes', () => {
    for (const age of [2, 12, 42].map((minutes) => minutes * 60_000)) expect(within(SENT_AT + age)).toBeNull();
    expect(within(SENT_AT + DAY)).toBeNull();
    expect(within(SENT_AT + DAY + 1)).toBe('stale');
  });

  it('still refuses one more than 10 minutes ahead of our clock: the window is for age, not skew', () => {
    expect(within(SENT_AT - WEBHOOK_TOLERANCE_MS)).toBeNull();
    expect(within(SENT_AT - WEBHOOK_TOLERANCE_MS - 1)).toBe('stale');
  });

  it('tells the age of a delivery for the log, or null when the timestamp is unreadable', () => {
    expect(webhookAgeMs(TIMESTAMP, SENT_AT + 42 * 60_000)).toBe(42 * 60_000);
    expect(webhookAgeMs(TIMESTAMP.slice(0, 10), SENT_AT)).toBe(733);
    expect(webhookAgeMs(undefined, SENT_AT)).toBeNull();
    expect(webhookAgeMs('yesterday', SENT_AT)).toBeNull();
  });
});

describe('checkWebhookSignature during a secret rotation (contract check M6)', () => {
  const PREVIOUS = 'cfsk_test_secret_old';
  const body = Buffer.from(BODY, 'utf8');
  const signedWith = (secret: string) => ({ timestamp: TIMESTAMP, signature: signWebhook(secret, TIMESTAMP, BODY) });

  it('accepts a delivery signed with the current or the previous secret, and no other', () => {
    const secrets = [SECRET, PREVIOUS];
    expect(checkWebhookSignature(secrets, signedWith(SECRET), body, SENT_AT)).toBeNull();
    expect(checkWebhookSignature(secrets, signedWith(PREVIOUS), body, SENT_AT)).toBeNull();
    expect(checkWebhookSignature(secrets, signedWith('cfsk_someone_else'), body, SENT_AT)).toBe('mismatch');
    expect(checkWebhookSignature(secrets, { ...signedWith(PREVIOUS), signature: 'short' }, body, SENT_AT)).toBe(
      'mismatch',
    );
  });

  it('without the previous secret, a delivery signed with it is refused', () => {
    expect(checkWebhookSignature([SECRET], signedWith(PREVIOUS), body, SENT_AT)).toBe('mismatch');
    expect(checkWebhookSignature([], signedWith(SECRET), body, SENT_AT)).toBe('mismatch');
  });

  it('checks the age before any secret: an old delivery is stale whichever key signed it', () => {
    expect(
      checkWebhookSignature([SECRET, PREVIOUS], signedWith(PREVIOUS), body, SENT_AT + WEBHOOK_TOLERANCE_MS + 1),
    ).toBe('stale');
  });
});
