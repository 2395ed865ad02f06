import { formatDateTime, formatPaise, type AdminPayment } from '@kholo/contracts';

/** What an empty value reads as in the admin's lists. */
export const NONE = '—';

export function dateTimeOrNone(instant: number | null): string {
  return instant === null ? NONE : formatDateTime(instant);
}

export function paiseOrNone(paise: number | null): string {
  return paise === null ? NONE : formatPaise(paise);
}

export function count(value: number): string {
  return value.toLocaleString('en-IN');
}

const ORDER_STATUS_LABELS: Record<AdminPayment['status'], string> = {
  CREATED: 'Created',
  ACTIVE: 'Awaiting payment',
  PAID: 'Paid',
  FAILED: 'Failed',
  EXPIRED: 'Expired',
};

/** An order's status, with the provider's reason when it failed. */
export function paymentStatus(payment: Pick<AdminPayment, 'status' | 'failureReason'>): string {
  const label = ORDER_STATUS_LABELS[payment.status];
  return payment.failureReason ? `${label}: ${payment.failureReason}` : label;
}

/**
 * An audit entry's before/after as one line: stored JSON re-written without spaces, anything
 * else as it is.
 */
export function compactJson(text: string | null): string {
  if (text === null) return NONE;
  try {
    return JSON.stringify(JSON.parse(text));
  } catch {
    return text;
  }
}
