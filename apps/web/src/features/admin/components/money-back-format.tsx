import {
  formatDateTime,
  formatPaise,
  type AdminPayment,
  type AdminProblemReport,
  type MessageKey,
  type Refund,
} from '@kholo/contracts';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { ENGLISH_WORDS, type AdminWords } from './admin-format.ts';

/**
 * One fact in an admin cell: a badge with its words after it ("Refunded: 4 Dec 2026 · ARN …"),
 * or plain words. A cell's text (what the table and card cut at 100 and 50 characters) is its
 * facts one to a line; the cell shows each line as its badge and the rest of the cut text.
 */
export interface CellFact {
  label: string;
  tone?: StatusTone;
  note?: string;
}

const LINE = '\n';

export function factsText(facts: readonly CellFact[]): string {
  return facts.map((fact) => (fact.note ? `${fact.label}: ${fact.note}` : fact.label)).join(LINE);
}

/** The cell: `text` is factsText(facts) as the view cut it, so a cut line shows cut. */
export function FactLines({ facts, text }: { facts: readonly CellFact[]; text: string }) {
  return text.split(LINE).map((line, index) => {
    const fact = facts[index];
    const className = cn('block wrap-break-word', index > 0 && 'mt-1.5');
    if (fact?.tone === undefined || !line.startsWith(fact.label)) {
      return (
        <span key={index} className={className}>
          {line}
        </span>
      );
    }
    const rest = line.slice(fact.label.length).replace(/^: /, '');
    return (
      <span key={index} className={className}>
        <StatusBadge tone={fact.tone} label={fact.label} />
        {rest === '' ? null : <span className="mt-0.5 block text-xs text-ink-muted">{rest}</span>}
      </span>
    );
  });
}

/** Why a refund happened, in the admin's words (REFUND_REASON_TEXT speaks to the fan). */
function refundReason(reason: Refund['reason'], { t }: AdminWords): string {
  return t(`adminPayments.reason.${reason}`);
}

export function refundFact(refund: Refund, words: AdminWords = ENGLISH_WORDS): CellFact {
  const { t, locale } = words;
  const why = refundReason(refund.reason, words) + (refund.note ? ` (${refund.note})` : '');
  const amount = formatPaise(refund.amountPaise, locale);
  switch (refund.status) {
    case 'PENDING':
    case 'PROCESSING':
      return {
        label: t('adminPayments.fact.refunding'),
        tone: 'waiting',
        note: t('adminPayments.fact.refundingNote', { amount, when: formatDateTime(refund.createdAt, locale), why }),
      };
    case 'SUCCESS': {
      const when = formatDateTime(refund.finishedAt ?? refund.createdAt, locale);
      const arn = refund.arn === null ? '' : ` · ARN ${refund.arn}`;
      return {
        label: t('adminPayments.fact.refunded'),
        tone: 'done',
        note: t('adminPayments.fact.refundedNote', { amount, when, arn, why }),
      };
    }
    case 'FAILED':
      return {
        label: t('adminPayments.fact.refundFailed'),
        tone: 'bad',
        note: t('adminPayments.fact.refundFailedNote', { amount, why }),
      };
  }
}

const TICKET_LABEL: Record<NonNullable<AdminPayment['ticket']>['status'], { label: MessageKey; tone: StatusTone }> = {
  OPEN: { label: 'adminPayments.fact.ticketOpen', tone: 'waiting' },
  REFUNDED: { label: 'adminPayments.fact.ticketRefunded', tone: 'neutral' },
  CLOSED: { label: 'adminPayments.fact.ticketAnswered', tone: 'neutral' },
};

/** The fan's ticket, with her words when the tickets list has them. */
export function ticketFact(
  ticket: NonNullable<AdminPayment['ticket']>,
  report: AdminProblemReport | undefined,
  { t }: AdminWords = ENGLISH_WORDS,
): CellFact {
  const { label, tone } = TICKET_LABEL[ticket.status];
  const words = report === undefined ? '' : ` · “${report.message}”`;
  return { label: t(label), tone, note: `${ticket.id}${words}` };
}

const DISPUTE_LABEL: Record<NonNullable<AdminPayment['dispute']>['state'], { label: MessageKey; tone: StatusTone }> = {
  OPEN: { label: 'adminPayments.fact.disputeOpen', tone: 'bad' },
  WON: { label: 'adminPayments.fact.disputeWon', tone: 'done' },
  LOST: { label: 'adminPayments.fact.disputeLost', tone: 'neutral' },
};

export function disputeFact(
  dispute: NonNullable<AdminPayment['dispute']>,
  { t }: AdminWords = ENGLISH_WORDS,
): CellFact {
  const { label, tone } = DISPUTE_LABEL[dispute.state];
  return { label: t(label), tone, note: t('adminPayments.fact.seeDisputes') };
}

/** "26 Nov 2026, 11:17 pm", wrapping after the date on a narrow card but never inside the date or the time. */
export function DateTime({ at }: { at: number }) {
  const { locale } = useT();
  const text = formatDateTime(at, locale);
  const comma = text.lastIndexOf(', ');
  if (comma === -1) return text;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, comma + 1)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(comma + 2)}</span>
    </>
  );
}
