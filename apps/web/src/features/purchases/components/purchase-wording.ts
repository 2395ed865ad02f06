import {
  formatDate,
  formatDateTime,
  formatPaise,
  translate,
  UNLOCK_WINDOW_DAYS,
  type Locale,
  type MessageKey,
  type Purchase,
  type PurchaseStatus,
} from '@kholo/contracts';
import type { StatusTone } from '../../../components/ui/status-badge.tsx';

/*
 * What her orders say, in the interface's language (ADR 030): each function takes the locale,
 * English by default.
 */

/** The badge on each order: its status in one or two words, in a colour that says good, waiting or bad. */
export const PURCHASE_BADGE: Record<PurchaseStatus, { label: MessageKey; tone: StatusTone }> = {
  paid: { label: 'purchases.badge.paid', tone: 'done' },
  expired: { label: 'purchases.badge.expired', tone: 'neutral' },
  refunding: { label: 'purchases.badge.refunding', tone: 'waiting' },
  refunded: { label: 'purchases.badge.refunded', tone: 'neutral' },
  disputed: { label: 'purchases.badge.disputed', tone: 'bad' },
  failed: { label: 'purchases.badge.failed', tone: 'bad' },
  cancelled: { label: 'purchases.badge.cancelled', tone: 'neutral' },
};

export const NOT_CHARGED: Record<'failed' | 'cancelled', MessageKey> = {
  failed: 'purchases.notCharged.failed',
  cancelled: 'purchases.notCharged.cancelled',
};

export const DISPUTED_TEXT = translate('en', 'purchases.disputed');

const METHOD_LABEL: Record<string, MessageKey | null> = {
  upi: null,
  card: 'purchases.method.card',
  netbanking: 'purchases.method.netbanking',
};

/** "UPI", "Card", "Net banking"; what the provider named otherwise; a dash when not known. */
export function paymentMethodLabel(method: string | null, locale: Locale = 'en'): string {
  if (method === null) return '—';
  const label = METHOD_LABEL[method];
  if (label === null) return 'UPI';
  return translate(locale, label ?? 'purchases.method.other');
}

/** Where a refund lands, by how she paid. */
function refundDestination(method: string | null, locale: Locale): string {
  if (method === 'upi') return translate(locale, 'purchases.destination.upi');
  if (method === 'card') return translate(locale, 'purchases.destination.card');
  if (method === 'netbanking') return translate(locale, 'purchases.destination.netbanking');
  return translate(locale, 'purchases.destination.other');
}

/** How long a refund takes to land (the Refunds policy's times, contracts' refundArrivalText). */
function refundArrival(method: string | null, locale: Locale): string {
  if (method === 'upi') return translate(locale, 'purchases.arrival.upi');
  if (method === 'card' || method === 'netbanking') return translate(locale, 'purchases.arrival.bank');
  return translate(locale, 'purchases.arrival.other');
}

/** "Refund of ₹49 on its way — reaches your UPI in 1–3 working days" (the Refunds policy's times). */
export function refundOnItsWayText(amountPaise: number, method: string | null, locale: Locale = 'en'): string {
  return translate(locale, 'purchases.refundOnItsWay', {
    amount: formatPaise(amountPaise, locale),
    destination: refundDestination(method, locale),
    time: refundArrival(method, locale),
  });
}

/** "Refunded ₹49 on 4 Dec 2026". */
export function refundedText(amountPaise: number, at: number, locale: Locale = 'en'): string {
  return translate(locale, 'purchases.refundedOn', {
    amount: formatPaise(amountPaise, locale),
    date: formatDate(at, locale),
  });
}

/** "Your 14 days ended on 3 Dec 2026". */
export function endedText(accessUntil: number, locale: Locale = 'en'): string {
  return translate(locale, 'purchases.daysEnded', { days: UNLOCK_WINDOW_DAYS, date: formatDate(accessUntil, locale) });
}

/** "Access until 9 Dec 2026, 2:05 pm". */
export function accessUntilText(accessUntil: number, locale: Locale = 'en'): string {
  return translate(locale, 'purchases.accessUntil', { date: formatDateTime(accessUntil, locale) });
}

/** "Ticket KH-12345678 — we reply by email within 24 hours". */
export function ticketOpenText(ticket: string, locale: Locale = 'en'): string {
  return translate(locale, 'purchases.ticketOpen', { ticket });
}

/** A reason she chose when reporting, in the interface's language. */
export function problemReasonText(reason: NonNullable<Purchase['report']>['reason'], locale: Locale = 'en'): string {
  return translate(locale, `purchases.reason.${reason}`);
}

/** Why the money went back, in the interface's language. */
export function refundReasonText(reason: NonNullable<Purchase['refund']>['reason'], locale: Locale = 'en'): string {
  return translate(locale, `purchases.refundReason.${reason}`);
}

/** What a report says about itself on the card, once she has sent one. */
export function reportText(
  report: NonNullable<Purchase['report']>,
  locale: Locale = 'en',
): { title: string; detail: string } {
  const reason = problemReasonText(report.reason, locale);
  const ticket = report.ticket;
  if (report.status === 'OPEN') {
    return { title: ticketOpenText(ticket, locale), detail: translate(locale, 'purchases.youReported', { reason }) };
  }
  if (report.status === 'REFUNDED') {
    return {
      title: translate(locale, 'purchases.ticketRefunded', { ticket }),
      detail: translate(locale, 'purchases.youReported', { reason }),
    };
  }
  return {
    title: translate(locale, 'purchases.ticketAnswered', { ticket }),
    detail:
      report.resolution === null
        ? translate(locale, 'purchases.answeredByEmail')
        : translate(locale, 'purchases.ourAnswer', { resolution: report.resolution }),
  };
}

/** Whether money moved: a receipt exists only for an order that was paid. */
export function hasReceipt(purchase: Pick<Purchase, 'paidAt'>): boolean {
  return purchase.paidAt !== null;
}
