import {
  formatDateTime,
  GRIEVANCE_TOPIC_TEXT,
  LANE_TEXT,
  REPORT_REASON_TEXT,
  type SafetyQueue,
  type SafetyTicket,
  type TicketAction,
  type TicketStatus,
} from '@kholo/contracts';
import { CircleAlert, ExternalLink } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAdminReports } from '../api/get-admin-reports.ts';
import { useNow } from '../hooks/use-now.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { DoneNotice } from './admin-dialogs.tsx';
import { count, NONE } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { DateTime, FactLines, factsText, type CellFact } from './money-back-format.tsx';
import { ACTION_WORDS, DecideDialog } from './reports-tab-decide-dialog.tsx';

const MINUTE = 60_000;

/** "45 min", "1 h 20 min", "3 days 4 h": how long, to the minute while it is under two days. */
export function spanText(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0 ? `${days} days` : `${days} days ${restHours} h`;
}

/** "Due in 1 h 20 min" or "Overdue by 1 h 20 min". */
export function dueText(dueAt: number, now: number): string {
  const left = dueAt - now;
  return left < 0 ? `Overdue by ${spanText(left)}` : `Due in ${spanText(left)}`;
}

export const TICKET_STATUS_FACT: Record<TicketStatus, Pick<CellFact, 'label' | 'tone'>> = {
  open: { label: 'Open', tone: 'waiting' },
  removed: { label: 'Removed', tone: 'bad' },
  dismissed: { label: 'Dismissed', tone: 'neutral' },
  suspended: { label: 'Creator suspended', tone: 'bad' },
  restored: { label: 'Restored', tone: 'done' },
  kept: { label: 'Kept removed', tone: 'neutral' },
  closed: { label: 'Answered', tone: 'done' },
};

/** What the ticket is: a report's reason, a grievance's topic, or a creator's review request. */
export function ticketWhat(ticket: Pick<SafetyTicket, 'kind' | 'reason' | 'topic'>): string {
  if (ticket.kind === 'review_request') return 'Review request from the creator';
  if (ticket.kind === 'grievance') {
    return ticket.topic === null ? 'Grievance' : `Grievance: ${GRIEVANCE_TOPIC_TEXT[ticket.topic]}`;
  }
  return ticket.reason === null ? 'Report' : REPORT_REASON_TEXT[ticket.reason];
}

/** The item or page the ticket is about, in words: “Title” by Name (@handle), or Name’s page. */
export function subjectText(subject: SafetyTicket['subject']): string {
  if (subject === null) return NONE;
  if (subject.type === 'creator') {
    return `Creator page: ${subject.name} (@${subject.handle})${subject.suspended ? ' · suspended' : ''}`;
  }
  // Whether it is out of view, and why, is the Status column's (held) or the decision's (removed).
  return `“${subject.title}” by ${subject.creatorName} (@${subject.creatorHandle})${subject.deleted ? ' · deleted by the creator' : ''}`;
}

function subjectHref(subject: SafetyTicket['subject']): string | undefined {
  if (subject === null) return undefined;
  return subject.type === 'creator'
    ? `/u/${encodeURIComponent(subject.handle)}`
    : `/content/${encodeURIComponent(subject.id)}`;
}

function statusFacts(ticket: SafetyTicket): CellFact[] {
  const facts: CellFact[] = [{ ...TICKET_STATUS_FACT[ticket.status] }];
  if (ticket.status === 'open' && ticket.heldItem) facts.push({ label: 'Item hidden while we look' });
  if (ticket.decidedAt !== null) {
    facts.push({ label: `Decided ${formatDateTime(ticket.decidedAt)}` });
    if (ticket.decisionNote) facts.push({ label: `Note: ${ticket.decisionNote}` });
  }
  return facts;
}

function reporterText(ticket: SafetyTicket): string {
  const { reporterEmail, reporterName } = ticket;
  if (reporterEmail === null) return reporterName ?? 'Anonymous (no email)';
  return reporterName === null ? reporterEmail : `${reporterName} (${reporterEmail})`;
}

const linkClasses =
  'font-semibold text-ink-800 underline decoration-ink-200 decoration-2 underline-offset-4 hover:text-ink-950 hover:decoration-ink-600';

function columns(now: number): ReadonlyArray<AdminColumn<SafetyTicket>> {
  return [
    {
      header: 'Due',
      value: (t) =>
        t.status === 'open'
          ? `${dueText(t.dueAt, now)} (${formatDateTime(t.dueAt)})`
          : `Was due ${formatDateTime(t.dueAt)}`,
      // How long is left (red with an icon once past), and the deadline under it.
      render: (t) => {
        if (t.status !== 'open') {
          return (
            <span className="text-ink-muted">
              Was due <DateTime at={t.dueAt} />
            </span>
          );
        }
        const overdue = t.dueAt - now < 0;
        return (
          <span className={cn('flex items-start gap-1.5', overdue ? 'font-semibold text-red-700' : 'font-semibold')}>
            {overdue ? <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
            <span className="min-w-0">
              <span className="block">{dueText(t.dueAt, now)}</span>
              <span className={cn('block text-xs font-normal', overdue ? 'text-red-700' : 'text-ink-muted')}>
                <DateTime at={t.dueAt} />
              </span>
            </span>
          </span>
        );
      },
    },
    { header: 'Ticket', value: (t) => t.ticket, nowrap: true },
    { header: 'What', value: ticketWhat },
    { header: 'Lane', value: (t) => LANE_TEXT[t.lane], nowrap: true },
    { header: 'About', value: (t) => subjectText(t.subject), href: (t) => subjectHref(t.subject) ?? '' },
    {
      header: 'Status',
      value: (t) => factsText(statusFacts(t)),
      render: (t, text) => <FactLines facts={statusFacts(t)} text={text} />,
    },
    {
      header: 'Details',
      value: (t) =>
        [t.details, t.originalUrl === null ? null : `Original: ${t.originalUrl}`].filter(Boolean).join(' · ') || NONE,
      render: (t, text) => (
        <>
          {text}
          {t.originalUrl === null ? null : (
            <a
              href={t.originalUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label="Open the original (opens in a new tab)"
              className={cn(linkClasses, 'mt-1 flex w-fit items-center gap-1')}
            >
              Open the original
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          )}
        </>
      ),
    },
    { header: 'From', value: reporterText },
  ];
}

/** The counts above the queue; overdue in red. */
function QueueCounts({ counts }: { counts: SafetyQueue['counts'] }) {
  return (
    <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-ink-950">
      <span>{count(counts.open)} open</span>
      <span className={cn(counts.overdue > 0 && 'flex items-center gap-1 text-red-700')}>
        {counts.overdue > 0 ? <CircleAlert aria-hidden="true" className="size-4" /> : null}
        {count(counts.overdue)} overdue
      </span>
      <span>{count(counts.dueSoon)} due within 2 hours</span>
    </p>
  );
}

type Pending = { ticket: SafetyTicket; action: TicketAction } | null;

/**
 * Issue 24's takedown queue: reports, grievances and creators' review requests, open ones first by
 * deadline (intimate images, nudity, impersonation and child safety within 2 hours; other unlawful
 * content within 36 hours; other grievances within 7 days), then the latest decided. Each open
 * ticket has the actions the server allows for it now.
 */
export function ReportsTab() {
  const reports = useAdminReports();
  const clientNow = useNow(30_000);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The server's clock decides what is overdue: carry its offset from this browser's clock along.
  const skew = reports.data ? reports.data.now - reports.dataUpdatedAt : 0;
  const now = clientNow + skew;
  const view = useMemo(() => columns(now), [now]);

  const actions = (ticket: SafetyTicket) =>
    ticket.actions.length === 0
      ? null
      : ticket.actions.map((action) => (
          <Button
            key={action}
            variant={ACTION_WORDS[action].rowVariant}
            size="sm"
            aria-label={`${ACTION_WORDS[action].label(ticket)} (${ticket.ticket})`}
            onClick={() => {
              setNotice(null);
              setPending({ ticket, action });
            }}
          >
            {ACTION_WORDS[action].label(ticket)}
          </Button>
        ));

  return (
    <AdminTabSection
      title="Reports"
      intro={
        <>
          Reports, grievances and creators’ review requests, open ones first by deadline: intimate images, nudity,
          impersonation and child safety within 2 hours; other unlawful content within 36 hours; other grievances within
          7 days.
        </>
      }
    >
      <div aria-live="polite">{notice === null ? null : <DoneNotice>{notice}</DoneNotice>}</div>
      <AdminQueryView query={reports}>
        {(data) => (
          <>
            <QueueCounts counts={data.counts} />
            <AdminDataView
              label="Reports"
              rows={data.items}
              columns={view}
              rowKey={(t) => t.ticket}
              actions={actions}
            />
          </>
        )}
      </AdminQueryView>
      {pending === null ? null : (
        <DecideDialog
          ticket={pending.ticket}
          action={pending.action}
          onDecided={(decided) => {
            setNotice(`${decided.ticket}: ${TICKET_STATUS_FACT[decided.status].label}.`);
          }}
          onClose={() => {
            setPending(null);
          }}
        />
      )}
    </AdminTabSection>
  );
}
