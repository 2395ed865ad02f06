import { formatDateTime, formatPaise, type AdminDispute, type MessageKey } from '@kholo/contracts';
import { CircleAlert } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useAdminDisputes } from '../api/get-admin-disputes.ts';
import { useNow } from '../hooks/use-now.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { count, dateTimeOrNone, ENGLISH_WORDS, NONE, type AdminWords } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { DateTime, FactLines, factsText, type CellFact } from './money-back-format.tsx';
import { paymentMethodName } from './payment-method.ts';

const HOUR = 60 * 60_000;
/** An open dispute due within this long (or past due) is shown in red: the bank decides without us. */
export const RESPOND_BY_WARNING_MS = 24 * HOUR;

/** "in 5 h", "in 3 days", "overdue by 2 h". */
export function timeLeftText(respondBy: number, now: number, { t }: AdminWords = ENGLISH_WORDS): string {
  const left = respondBy - now;
  const hours = Math.max(1, Math.round(Math.abs(left) / HOUR));
  const span =
    hours < 48
      ? t('adminPayments.disputes.hours', { n: hours })
      : t('adminPayments.disputes.days', { n: Math.round(hours / 24) });
  return left < 0 ? t('adminPayments.disputes.overdueBy', { span }) : t('adminPayments.disputes.in', { span });
}

export function isUrgent(dispute: Pick<AdminDispute, 'state' | 'respondBy'>, now: number): boolean {
  return dispute.state === 'OPEN' && dispute.respondBy !== null && dispute.respondBy - now < RESPOND_BY_WARNING_MS;
}

const STATE_FACT: Record<AdminDispute['state'], { label: MessageKey; tone: CellFact['tone'] }> = {
  OPEN: { label: 'adminPayments.disputes.open', tone: 'bad' },
  WON: { label: 'adminPayments.disputes.won', tone: 'done' },
  LOST: { label: 'adminPayments.disputes.lost', tone: 'neutral' },
};

function stateFacts(dispute: AdminDispute, { t, locale }: AdminWords): CellFact[] {
  const { label, tone } = STATE_FACT[dispute.state];
  return [
    {
      label: t(label),
      ...(tone === undefined ? {} : { tone }),
      note: `${providerWords(dispute.stage)} · ${providerWords(dispute.providerStatus)}`,
    },
    ...(dispute.resolvedAt === null
      ? []
      : [{ label: t('adminPayments.disputes.decided', { when: formatDateTime(dispute.resolvedAt, locale) }) }]),
  ];
}

/** What Kholo has to contest it with, one fact to a line. */
export function evidenceLines(
  evidence: AdminDispute['evidence'],
  words: AdminWords = ENGLISH_WORDS,
): Array<[string, string]> {
  const { t, locale } = words;
  const at = (instant: number | null) => dateTimeOrNone(instant, locale);
  const times = { count: count(evidence.views), first: at(evidence.firstViewedAt), last: at(evidence.lastViewedAt) };
  const views =
    evidence.views === 0
      ? t('adminPayments.disputes.neverOpened')
      : evidence.views === 1
        ? t('adminPayments.disputes.viewsOne', times)
        : t('adminPayments.disputes.viewsOther', times);
  return [
    [t('adminPayments.disputes.fan'), evidence.fanEmail],
    [t('adminPayments.disputes.item'), evidence.contentTitle],
    [t('adminPayments.disputes.orderPlaced'), formatDateTime(evidence.orderCreatedAt, locale)],
    [t('adminPayments.disputes.paid'), at(evidence.paidAt)],
    [t('adminPayments.disputes.paymentId'), evidence.providerPaymentId ?? NONE],
    ...(evidence.paymentMethod === null
      ? []
      : [[t('adminPayments.disputes.paidBy'), paymentMethodName(evidence.paymentMethod, words)] as [string, string]]),
    [t('adminPayments.disputes.unlocked'), at(evidence.unlockedAt)],
    [t('adminPayments.disputes.accessUntil'), at(evidence.accessUntil)],
    [t('adminPayments.disputes.openedFile'), views],
    [t('adminPayments.disputes.ipHash'), evidence.ipHash ?? t('adminPayments.disputes.notRecorded')],
    [t('adminPayments.disputes.refunded'), at(evidence.refundedAt)],
  ];
}

/**
 * Which disputes' evidence is open, kept above the rows: a refetch or the clock's tick re-renders
 * the list, and what the admin opened stays open.
 */
type OpenEvidence = { isOpen(id: string): boolean; toggle(id: string, open: boolean): void };

function Evidence({ dispute, open }: { dispute: AdminDispute; open: OpenEvidence }) {
  const words = useT();
  return (
    <details
      open={open.isOpen(dispute.id)}
      onToggle={(event) => {
        open.toggle(dispute.id, event.currentTarget.open);
      }}
    >
      <summary className="cursor-pointer rounded font-semibold text-ink-800 underline decoration-ink-200 decoration-2 underline-offset-4 hover:decoration-ink-600">
        {words.t('adminPayments.disputes.seeEvidence')}
      </summary>
      <dl className="mt-2 space-y-1.5 text-xs">
        {evidenceLines(dispute.evidence, words).map(([label, value]) => (
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

function columns(now: number, openEvidence: OpenEvidence, words: AdminWords): ReadonlyArray<AdminColumn<AdminDispute>> {
  const { t, locale } = words;
  return [
    {
      header: t('adminPayments.disputes.respondBy'),
      value: (d) =>
        d.respondBy === null
          ? NONE
          : d.state === 'OPEN'
            ? `${formatDateTime(d.respondBy, locale)} (${timeLeftText(d.respondBy, now, words)})`
            : formatDateTime(d.respondBy, locale),
      // The date on one line and how long is left under it, in red with an icon when it is close.
      render: (d) => {
        if (d.respondBy === null) return NONE;
        const left = d.state === 'OPEN' ? timeLeftText(d.respondBy, now, words) : null;
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
    { header: t('adminPayments.disputes.orderId'), value: (d) => d.orderId },
    { header: t('adminPayments.disputes.fan'), value: (d) => d.evidence.fanEmail },
    {
      header: t('adminPayments.disputes.item'),
      value: (d) => `${d.evidence.contentTitle} (@${d.creatorHandle})`,
    },
    { header: t('adminPayments.disputes.amount'), value: (d) => formatPaise(d.amountPaise, locale), numeric: true },
    { header: t('adminPayments.disputes.held'), value: (d) => formatPaise(d.heldPaise, locale), numeric: true },
    {
      header: t('adminPayments.disputes.status'),
      value: (d) => factsText(stateFacts(d, words)),
      render: (d, text) => <FactLines facts={stateFacts(d, words)} text={text} />,
    },
    {
      header: t('adminPayments.disputes.bankReason'),
      value: (d) => [d.reasonCode, d.reasonDescription].filter((part) => part !== null).join(': ') || NONE,
    },
    {
      header: t('adminPayments.disputes.evidence'),
      // The cell's text is its summary; the facts open below it.
      value: (d) =>
        d.evidence.views === 0
          ? t('adminPayments.disputes.neverOpened')
          : t('adminPayments.disputes.openedTimes', { count: count(d.evidence.views) }),
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
  const words = useT();
  const { t } = words;
  const disputes = useAdminDisputes();
  const now = useNow();
  const [opened, setOpened] = useState<ReadonlySet<string>>(() => new Set());
  const view = columns(
    now,
    {
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
    },
    words,
  );
  return (
    <AdminTabSection title={t('adminPayments.disputes.title')} intro={t('adminPayments.disputes.intro')}>
      <AdminQueryView query={disputes}>
        {(data) => (
          <AdminDataView
            label={t('adminPayments.disputes.title')}
            rows={data.items}
            columns={view}
            rowKey={(d) => d.id}
          />
        )}
      </AdminQueryView>
    </AdminTabSection>
  );
}
