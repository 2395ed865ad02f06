import { formatDateTime, formatPaise, type AdminPayment, type AdminProblemReport, type Refund } from '@kholo/contracts';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { cn } from '../../../lib/cn.ts';

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
export const ADMIN_REFUND_REASON_LABELS: Record<Refund['reason'], string> = {
  admin: 'By the admin',
  fan_problem: 'After the fan’s problem report',
  creator: 'By the creator',
  paid_for_removed_item: 'Paid for an item already removed',
  already_unlocked: 'Second payment for an item already unlocked',
  late_payment: 'Payment arrived too late to honour',
  item_removed: 'Item hidden for breaking the rules',
  dispute_lost: 'Dispute lost: taken back by the bank',
};

export function refundFact(refund: Refund): CellFact {
  const why = ADMIN_REFUND_REASON_LABELS[refund.reason] + (refund.note ? ` (${refund.note})` : '');
  const amount = formatPaise(refund.amountPaise);
  switch (refund.status) {
    case 'PENDING':
    case 'PROCESSING':
      return {
        label: 'Refunding',
        tone: 'waiting',
        note: `${amount} since ${formatDateTime(refund.createdAt)} · ${why}`,
      };
    case 'SUCCESS': {
      const when = formatDateTime(refund.finishedAt ?? refund.createdAt);
      const arn = refund.arn === null ? '' : ` · ARN ${refund.arn}`;
      return { label: 'Refunded', tone: 'done', note: `${amount} on ${when}${arn} · ${why}` };
    }
    case 'FAILED':
      return { label: 'Refund failed', tone: 'bad', note: `${amount} not sent: Retry sends it again · ${why}` };
  }
}

const TICKET_LABEL: Record<NonNullable<AdminPayment['ticket']>['status'], { label: string; tone: StatusTone }> = {
  OPEN: { label: 'Ticket open', tone: 'waiting' },
  REFUNDED: { label: 'Ticket refunded', tone: 'neutral' },
  CLOSED: { label: 'Ticket answered', tone: 'neutral' },
};

/** The fan's ticket, with her words when the tickets list has them. */
export function ticketFact(
  ticket: NonNullable<AdminPayment['ticket']>,
  report: AdminProblemReport | undefined,
): CellFact {
  const { label, tone } = TICKET_LABEL[ticket.status];
  const words = report === undefined ? '' : ` · “${report.message}”`;
  return { label, tone, note: `${ticket.id}${words}` };
}

const DISPUTE_LABEL: Record<NonNullable<AdminPayment['dispute']>['state'], { label: string; tone: StatusTone }> = {
  OPEN: { label: 'Dispute open', tone: 'bad' },
  WON: { label: 'Dispute won', tone: 'done' },
  LOST: { label: 'Dispute lost', tone: 'neutral' },
};

export function disputeFact(dispute: NonNullable<AdminPayment['dispute']>): CellFact {
  return { ...DISPUTE_LABEL[dispute.state], note: 'see Disputes' };
}

/** "26 Nov 2026, 11:17 pm", wrapping after the date on a narrow card but never inside the date or the time. */
export function DateTime({ at }: { at: number }) {
  const text = formatDateTime(at);
  const comma = text.lastIndexOf(', ');
  if (comma === -1) return text;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, comma + 1)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(comma + 2)}</span>
    </>
  );
}
