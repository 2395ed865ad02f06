import {
  formatDateTime,
  formatPaise,
  translate,
  type AdminPayment,
  type Locale,
  type MessageKey,
  type MessageParams,
} from '@kholo/contracts';

/** What an empty value reads as in the admin's lists. */
export const NONE = '—';

/** What the admin's text helpers need of useT: the messages and the language. */
export interface AdminWords {
  t: (key: MessageKey, params?: MessageParams) => string;
  locale: Locale;
}

/** English, for helpers called outside a component (their unit tests). */
export const ENGLISH_WORDS: AdminWords = { t: (key, params) => translate('en', key, params), locale: 'en' };

export function dateTimeOrNone(instant: number | null, locale: Locale = 'en'): string {
  return instant === null ? NONE : formatDateTime(instant, locale);
}

export function paiseOrNone(paise: number | null, locale: Locale = 'en'): string {
  return paise === null ? NONE : formatPaise(paise, locale);
}

/** Hindi's hi-IN groups and writes digits as en-IN does, so one form serves both. */
export function count(value: number): string {
  return value.toLocaleString('en-IN');
}

/** An order's status, with the provider's reason when it failed. */
export function paymentStatus(
  payment: Pick<AdminPayment, 'status' | 'failureReason'>,
  { t }: AdminWords = ENGLISH_WORDS,
): string {
  const label = t(`admin.orderStatus.${payment.status}`);
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
