import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Cashfree's webhook signature (reference/payment-providers.md §3): base64 HMAC-SHA256, keyed
 * with the PG client secret, over the timestamp header followed by the raw body, unchanged.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(timestamp).update(rawBody).digest('base64');
}

/**
 * How far a webhook's timestamp may be ahead of our clock (clock skew), and how old it may be
 * when the caller allows no more. The app allows more (WEBHOOK_REPLAY_WINDOW_HOURS): Cashfree
 * retries for half an hour or longer, and may keep the first timestamp (contract check M2).
 */
export const WEBHOOK_TOLERANCE_MS = 10 * 60_000;

export type WebhookSignatureProblem = 'missing' | 'malformed' | 'stale' | 'mismatch';

/**
 * null when the delivery is genuine; otherwise why not. Signed with any of `secrets` counts:
 * during a rotation Cashfree signs with the secret active when the event was sent (M6). Each
 * is compared in constant time, and every one is tried, so the time says nothing of which.
 */
export function checkWebhookSignature(
  secrets: string | readonly string[],
  headers: { timestamp: string | undefined; signature: string | undefined },
  rawBody: Buffer,
  now: number,
  options: { maxAgeMs?: number } = {},
): WebhookSignatureProblem | null {
  const { timestamp, signature } = headers;
  if (timestamp === undefined || signature === undefined || timestamp === '' || signature === '') return 'missing';
  const sentAt = webhookSentAt(timestamp);
  if (sentAt === null) return 'malformed';
  const maxAgeMs = options.maxAgeMs ?? WEBHOOK_TOLERANCE_MS;
  if (now - sentAt > maxAgeMs || sentAt - now > WEBHOOK_TOLERANCE_MS) return 'stale';
  let given: Buffer;
  try {
    given = Buffer.from(signature, 'base64');
  } catch {
    return 'malformed';
  }
  let matched = false;
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    const expected = Buffer.from(signWebhook(secret, timestamp, rawBody), 'base64');
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched ? null : 'mismatch';
}

/** How old a delivery is by its timestamp header (negative: ahead of our clock); null if unreadable. */
export function webhookAgeMs(timestamp: string | undefined, now: number): number | null {
  const sentAt = timestamp === undefined ? null : webhookSentAt(timestamp);
  return sentAt === null ? null : now - sentAt;
}

/** Cashfree sends epoch milliseconds; a 10-digit value is seconds. */
function webhookSentAt(timestamp: string): number | null {
  if (!/^\d{10,16}$/.test(timestamp)) return null;
  return timestamp.length <= 10 ? Number(timestamp) * 1000 : Number(timestamp);
}
