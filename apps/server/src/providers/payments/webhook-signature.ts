import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Cashfree's webhook signature (reference/payment-providers.md §3): base64 HMAC-SHA256, keyed
 * with the PG client secret, over the timestamp header followed by the raw body, unchanged.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

/** How far a webhook's timestamp may be from our clock before we treat it as a replay. */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000;

export type WebhookSignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/** null when the delivery is genuine; otherwise why not. Compares in constant time. */
export function checkWebhookSignature(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  now: number,
): WebhookSignatureProblem | null {
  const { timestamp, signature } = headers;
  if (timestamp === undefined || signature === undefined || timestamp === '' || signature === '') return 'missing';
  if (!/^\d{10,16}$/.test(timestamp)) return 'malformed';
  // Cashfree sends epoch milliseconds; a 10-digit value is seconds.
  const sentAt = timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
  if (Math.abs(now - sentAt) > WEBHOOK_TOLERANCE_MS) return 'stale';
  const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'base64');
  let given: Buffer;
  try {
    given = Buffer.from(signature, 'base64');
  } catch {
    return 'malformed';
  }
  if (given.length !== expected.length) return 'mismatch';
  return timingSafeEqual(given, expected) ? null : 'mismatch';
}
