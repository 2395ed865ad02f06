import { formatDateTime, formatPaise, type AdminDispute } from '@kholo/contracts';
import { CircleAlert } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useAdminDisputes } from '../api/get-admin-disputes.ts';
import { useNow } from '../hooks/use-now.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { NONE, dateTimeOrNone } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { DateTime, FactLines, factsText, type CellFact } from './money-back-format.tsx';
import { paymentMethodName } from './payment-method.ts';

const HOUR = 60 * 60_000;
/** An open dispute due within this long (or past due) is shown in red: the bank decides without us. */
export const RESPOND_BY_WARNING_MS = 24 * HOUR;

/** "in 5 h", "in 3 days", "overdue by 2 h". */
export function timeLeftText(respondBy: number, now: number): string {
  const left = respondBy - now;
  const hours = Math.max(1, Math.round(Math.abs(left) / HOUR));
  const span = hours < 48 ? `${hours} h` : `${Math.round(hours / 24)} days`;
  return left < 0 ? `overdue by ${span}` : `in ${span}`;
}

export function isUrgent(dispute: Pick<AdminDispute, 'state' | 'respondBy'>, now: number): boolean {
  return dispute.state === 'OPEN' && dispute.respondBy !== null && dispute.respondBy - now < RESPOND_BY_WARNING_MS;
}

const STATE_FACT: Record<AdminDispute['state'], Pick<CellFact, 'label' | 'tone'>> = {
  OPEN: { label: 'Open', tone: 'bad' },
  WON: { label: 'Won', tone: 'done' },
  LOST: { label: 'Lost', tone: 'neutral' },
};

function stateFacts(dispute: AdminDispute): CellFact[] {
  return [
    {
      ...STATE_FACT[dispute.state],
      note: `${providerWords(dispute.stage)} · ${providerWords(dispute.providerStatus)}`,
    },
    ...(dispute.resolvedAt === null ? [] : [{ label: `Decided ${formatDateTime(dispute.resolvedAt)}` }]),
  ];
}

/** What Kholo has to contest it with, one fact to a line. */
export function evidenceLines(evidence: AdminDispute['evidence']): Array<[string, string]> {
  const views =
    evidence.views === 0
      ? 'Never opened'
      : `${evidence.views.toLocaleString('en-IN')} ${evidence.views === 1 ? 'time' : 'times'}, first ${dateTimeOrNone(evidence.firstViewedAt)}, last ${dateTimeOrNone(evidence.lastViewedAt)}`;
  return [
    ['Fan', evidence.fanEmail],
    ['Item', evidence.contentTitle],
    ['Order placed', formatDateTime(evidence.orderCreatedAt)],
    ['Paid', dateTimeOrNone(evidence.paidAt)],
    ['Payment id', evidence.providerPaymentId ?? NONE],
    ...(evidence.paymentMethod === null
      ? []
      : [['Paid by', paymentMethodName(evidence.paymentMethod)] as [string, string]]),
    ['Unlocked', dateTimeOrNone(evidence.unlockedAt)],
    ['Access until', dateTimeOrNone(evidence.accessUntil)],
    ['Opened the file', views],
    ['IP hash', evidence.ipHash ?? 'Not recorded'],
    ['Refunded', dateTimeOrNone(evidence.refundedAt)],
  ];
}

/**
 * Which disputes' evidence is open, kept above the rows: a refetch or the clock's tick re-renders
 * the list, and what the admin opened stays open.
 */
type OpenEvidence = { isOpen(id: string): boolean; toggle(id: string, open: boolean): void };

function Evidence({ dispute, open }: { dispute: AdminDispute; open: OpenEvidence }) {
  return (
    <details
      open={open.isOpen(dispute.id)}
      onToggle={(event) => {
        open.toggle(dispute.id, event.currentTarget.open);
      }}
    >
      <summary className="cursor-pointer rounded font-semibold text-ink-800 underline decoration-ink-200 decoration-2 underline-offset-4 hover:decoration-ink-600">
        See the evidence
      </summary>
      <dl className="mt-2 space-y-1.5 text-xs">
        {evidenceLines(dispute.evidence).map(([label, value]) => (
          <div key={label}>
            <dt className="font-semibold text-ink-muted">{label}</dt>
            <dd className="break-words text-ink-950">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** CHARGEBACK_CREATED → "Chargeback created": the provider's words, readable. */
export function providerWords(code: string): string {
  const words = code.replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function columns(now: number, openEvidence: OpenEvidence): ReadonlyArray<AdminColumn<AdminDispute>> {
  return [
    {
      header: 'Respond by',
      value: (d) =>
        d.respondBy === null
          ? NONE
          : d.state === 'OPEN'
            ? `${formatDateTime(d.respondBy)} (${timeLeftText(d.respondBy, now)})`
            : formatDateTime(d.respondBy),
      // The date on one line and how long is left under it, in red with an icon when it is close.
      render: (d) => {
        if (d.respondBy === null) return NONE;
        const left = d.state === 'OPEN' ? timeLeftText(d.respondBy, now) : null;
        const urgent = isUrgent(d, now);
        return (
          <span className={cn('flex items-start gap-1.5', urgent && 'font-semibold text-red-700')}>
            {urgent ? <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
            <span className="min-w-0">
              <DateTime at={d.respondBy} />
              {left === null ? null : <span className="block">({left})</span>}
            </span>
          </span>
        );
      },
    },
    { header: 'Order id', value: (d) => d.orderId },
    { header: 'Fan', value: (d) => d.evidence.fanEmail },
    {
      header: 'Item',
      value: (d) => `${d.evidence.contentTitle} (@${d.creatorHandle})`,
    },
    { header: 'Amount', value: (d) => formatPaise(d.amountPaise), numeric: true },
    { header: 'Held', value: (d) => formatPaise(d.heldPaise), numeric: true },
    {
      header: 'Status',
      value: (d) => factsText(stateFacts(d)),
      render: (d, text) => <FactLines facts={stateFacts(d)} text={text} />,
    },
    {
      header: 'Bank’s reason',
      value: (d) => [d.reasonCode, d.reasonDescription].filter((part) => part !== null).join(': ') || NONE,
    },
    {
      header: 'Evidence',
      // The cell's text is its summary; the facts open below it.
      value: (d) => (d.evidence.views === 0 ? 'Never opened' : `Opened ${d.evidence.views.toLocaleString('en-IN')}×`),
      render: (d) => <Evidence dispute={d} open={openEvidence} />,
    },
  ];
}

/**
 * Issue 22: the fans' banks' disputes (chargebacks), open ones first by the date Kholo must
 * answer by (red when under 24 hours or past), each with the creator's share held and the
 * evidence Kholo has. Evidence is sent from the payment provider's dashboard.
 */
export function DisputesTab() {
  const disputes = useAdminDisputes();
  const now = useNow();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const view = useMemo(
    () =>
      columns(now, {
        isOpen: (id) => opened.has(id),
        toggle: (id, open) => {
          setOpened((current) => {
            if (current.has(id) === open) return current;
            const next = new Set(current);
            if (open) next.add(id);
            else next.delete(id);
            return next;
          });
        },
      }),
    [now, opened],
  );
  return (
    <AdminTabSection
      title="Disputes"
      intro="Disputes raised by fans’ banks, open ones first by the date to respond by. While one is open the fan’s access is paused and the creator’s share is held; answer it with the evidence below in the payment provider’s dashboard."
    >
      <AdminQueryView query={disputes}>
        {(data) => <AdminDataView label="Disputes" rows={data.items} columns={view} rowKey={(d) => d.id} />}
      </AdminQueryView>
    </AdminTabSection>
  );
}
