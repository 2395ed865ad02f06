import {
  formatDate,
  formatDateTime,
  formatPaise,
  PROBLEM_REASON_TEXT,
  refundArrivalText,
  UNLOCK_WINDOW_DAYS,
  type Purchase,
  type PurchaseStatus,
} from '@kholo/contracts';
import type { StatusTone } from '../../../components/ui/status-badge.tsx';

/** The badge on each order: its status in one or two words, in a colour that says good, waiting or bad. */
export const PURCHASE_BADGE: Record<PurchaseStatus, { label: string; tone: StatusTone }> = {
  paid: { label: 'Unlocked', tone: 'done' },
  expired: { label: 'Expired', tone: 'neutral' },
  refunding: { label: 'Refund on its way', tone: 'waiting' },
  refunded: { label: 'Refunded', tone: 'neutral' },
  disputed: { label: 'Disputed', tone: 'bad' },
  failed: { label: 'Failed', tone: 'bad' },
  cancelled: { label: 'Cancelled', tone: 'neutral' },
};

export const NOT_CHARGED: Record<'failed' | 'cancelled', string> = {
  failed: 'Payment failed — you were not charged',
  cancelled: 'Payment cancelled — you were not charged',
};

export const DISPUTED_TEXT =
  'Your bank is disputing this payment, so your access is paused. Your bank tells you what it decides.';

const METHOD_LABEL: Record<string, string> = { upi: 'UPI', card: 'Card', netbanking: 'Net banking' };

/** "UPI", "Card", "Net banking"; what the provider named otherwise; a dash when not known. */
export function paymentMethodLabel(method: string | null): string {
  if (method === null) return '—';
  return METHOD_LABEL[method] ?? 'Other';
}

/** Where a refund lands, by how she paid. */
function refundDestination(method: string | null): string {
  if (method === 'upi') return 'your UPI';
  if (method === 'card') return 'your card';
  if (method === 'netbanking') return 'your bank account';
  return 'the account you paid from';
}

/** "Refund of ₹49 on its way — reaches your UPI in 1–3 working days" (the Refunds policy's times). */
export function refundOnItsWayText(amountPaise: number, method: string | null): string {
  return `Refund of ${formatPaise(amountPaise)} on its way — reaches ${refundDestination(method)} in ${refundArrivalText(method)}`;
}

/** "Refunded ₹49 on 4 Dec 2026". */
export function refundedText(amountPaise: number, at: number): string {
  return `Refunded ${formatPaise(amountPaise)} on ${formatDate(at)}`;
}

/** "Your 14 days ended on 3 Dec 2026". */
export function endedText(accessUntil: number): string {
  return `Your ${UNLOCK_WINDOW_DAYS} days ended on ${formatDate(accessUntil)}`;
}

/** "Access until 9 Dec 2026, 2:05 pm". */
export function accessUntilText(accessUntil: number): string {
  return `Access until ${formatDateTime(accessUntil)}`;
}

/** "Ticket KH-12345678 — we reply by email within 24 hours". */
export function ticketOpenText(ticket: string): string {
  return `Ticket ${ticket} — we reply by email within 24 hours`;
}

/** What a report says about itself on the card, once she has sent one. */
export function reportText(report: NonNullable<Purchase['report']>): { title: string; detail: string } {
  const reason = PROBLEM_REASON_TEXT[report.reason];
  if (report.status === 'OPEN') return { title: ticketOpenText(report.ticket), detail: `You reported: ${reason}` };
  if (report.status === 'REFUNDED')
    return { title: `Ticket ${report.ticket} — refunded`, detail: `You reported: ${reason}` };
  return {
    title: `Ticket ${report.ticket} — answered`,
    detail: report.resolution === null ? 'We answered by email.' : `Our answer: ${report.resolution}`,
  };
}

/** Whether money moved: a receipt exists only for an order that was paid. */
export function hasReceipt(purchase: Pick<Purchase, 'paidAt'>): boolean {
  return purchase.paidAt !== null;
}
