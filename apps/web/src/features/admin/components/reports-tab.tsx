import {
  formatDateTime,
  type SafetyQueue,
  type SafetyTicket,
  type TicketAction,
  type TicketStatus,
} from '@kholo/contracts';
import { CircleAlert, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT, type Translator } from '../../../lib/i18n/index.ts';
import { useAdminReports } from '../api/get-admin-reports.ts';
import { useNow } from '../hooks/use-now.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { DoneNotice } from './admin-dialogs.tsx';
import { count, ENGLISH_WORDS, NONE, type AdminWords } from './admin-format.ts';
import { AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';
import { DateTime, FactLines, factsText, type CellFact } from './money-back-format.tsx';
import { ACTION_WORDS, DecideDialog } from './reports-tab-decide-dialog.tsx';

const MINUTE = 60_000;

/** "45 min", "1 h 20 min", "3 days 4 h": how long, to the minute while it is under two days. */
export function spanText(ms: number, { t }: AdminWords = ENGLISH_WORDS): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  if (minutes < 60) return t('adminSafety.span.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours < 48) {
    return rest === 0
      ? t('adminSafety.span.hours', { hours })
      : t('adminSafety.span.hoursMinutes', { hours, minutes: rest });
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0
    ? t('adminSafety.span.days', { days })
    : t('adminSafety.span.daysHours', { days, hours: restHours });
}

/** "Due in 1 h 20 min" or "Overdue by 1 h 20 min". */
export function dueText(dueAt: number, now: number, words: AdminWords = ENGLISH_WORDS): string {
  const left = dueAt - now;
  const span = spanText(left, words);
  return left < 0 ? words.t('adminSafety.overdueBy', { span }) : words.t('adminSafety.dueIn', { span });
}

const TICKET_STATUS_TONE: Record<TicketStatus, CellFact['tone']> = {
  open: 'waiting',
  removed: 'bad',
  dismissed: 'neutral',
  suspended: 'bad',
  restored: 'done',
  kept: 'neutral',
  closed: 'done',
};

/** A ticket's status in words, by its code ("Open", "Creator suspended"). */
export function ticketStatusText(status: TicketStatus, { t }: AdminWords = ENGLISH_WORDS): string {
  return t(`adminSafety.status.${status}`);
}

/** What the ticket is: a report's reason, a grievance's topic, or a creator's review request. */
export function ticketWhat(
  ticket: Pick<SafetyTicket, 'kind' | 'reason' | 'topic'>,
  { t }: AdminWords = ENGLISH_WORDS,
): string {
  if (ticket.kind === 'review_request') return t('adminSafety.what.reviewRequest');
  if (ticket.kind === 'grievance') {
    return ticket.topic === null
      ? t('adminSafety.what.grievance')
      : t('adminSafety.what.grievanceTopic', { topic: t(`grievance.topic.${ticket.topic}`) });
  }
  return ticket.reason === null ? t('adminSafety.what.report') : t(`reports.reason.${ticket.reason}`);
}

/** The item or page the ticket is about, in words: “Title” by Name (@handle), or Name’s page. */
export function subjectText(subject: SafetyTicket['subject'], { t }: AdminWords = ENGLISH_WORDS): string {
  if (subject === null) return NONE;
  if (subject.type === 'creator') {
    const page = { name: subject.name, handle: subject.handle };
    return t(subject.suspended ? 'adminSafety.about.pageSuspended' : 'adminSafety.about.page', page);
  }
  // Whether it is out of view, and why, is the Status column's (held) or the decision's (removed).
  const item = { title: subject.title, name: subject.creatorName, handle: subject.creatorHandle };
  return t(subject.deleted ? 'adminSafety.about.itemDeleted' : 'adminSafety.about.item', item);
}

function subjectHref(subject: SafetyTicket['subject']): string | undefined {
  if (subject === null) return undefined;
  return subject.type === 'creator'
    ? `/u/${encodeURIComponent(subject.handle)}`
    : `/content/${encodeURIComponent(subject.id)}`;
}

function statusFacts(ticket: SafetyTicket, words: AdminWords): CellFact[] {
  const { t, locale } = words;
  const tone = TICKET_STATUS_TONE[ticket.status];
  const facts: CellFact[] = [
    { label: ticketStatusText(ticket.status, words), ...(tone === undefined ? {} : { tone }) },
  ];
  if (ticket.status === 'open' && ticket.heldItem) facts.push({ label: t('adminSafety.heldItem') });
  if (ticket.decidedAt !== null) {
    facts.push({ label: t('adminSafety.decidedAt', { when: formatDateTime(ticket.decidedAt, locale) }) });
    if (ticket.decisionNote) facts.push({ label: t('adminSafety.note', { note: ticket.decisionNote }) });
  }
  return facts;
}

function reporterText(ticket: SafetyTicket, { t }: AdminWords): string {
  const { reporterEmail, reporterName } = ticket;
  if (reporterEmail === null) return reporterName ?? t('adminSafety.anonymous');
  return reporterName === null ? reporterEmail : `${reporterName} (${reporterEmail})`;
}

const linkClasses =
  'font-semibold text-ink-800 underline decoration-ink-200 decoration-2 underline-offset-4 hover:text-ink-950 hover:decoration-ink-600';

function columns(now: number, words: Translator): ReadonlyArray<AdminColumn<SafetyTicket>> {
  const { t, tRich, locale } = words;
  return [
    {
      header: t('adminSafety.col.due'),
      value: (ticket) =>
        ticket.status === 'open'
          ? `${dueText(ticket.dueAt, now, words)} (${formatDateTime(ticket.dueAt, locale)})`
          : t('adminSafety.wasDue', { when: formatDateTime(ticket.dueAt, locale) }),
      // How long is left (red with an icon once past), and the deadline under it.
      render: (ticket) => {
        if (ticket.status !== 'open') {
          return (
            <span className="text-ink-muted">
              {tRich('adminSafety.wasDue', { when: <DateTime at={ticket.dueAt} /> })}
            </span>
          );
        }
        const overdue = ticket.dueAt - now < 0;
        return (
          <span className={cn('flex items-start gap-1.5', overdue ? 'font-semibold text-red-700' : 'font-semibold')}>
            {overdue ? <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" /> : null}
            <span className="min-w-0">
              <span className="block">{dueText(ticket.dueAt, now, words)}</span>
              <span className={cn('block text-xs font-normal', overdue ? 'text-red-700' : 'text-ink-muted')}>
                <DateTime at={ticket.dueAt} />
              </span>
            </span>
          </span>
        );
      },
    },
    { header: t('adminSafety.col.ticket'), value: (ticket) => ticket.ticket, nowrap: true },
    { header: t('adminSafety.col.what'), value: (ticket) => ticketWhat(ticket, words) },
    { header: t('adminSafety.col.lane'), value: (ticket) => t(`reports.lane.${ticket.lane}`), nowrap: true },
    {
      header: t('adminSafety.col.about'),
      value: (ticket) => subjectText(ticket.subject, words),
      href: (ticket) => subjectHref(ticket.subject) ?? '',
    },
    {
      header: t('adminSafety.col.status'),
      value: (ticket) => factsText(statusFacts(ticket, words)),
      render: (ticket, text) => <FactLines facts={statusFacts(ticket, words)} text={text} />,
    },
    {
      header: t('adminSafety.col.details'),
      value: (ticket) =>
        [ticket.details, ticket.originalUrl === null ? null : t('adminSafety.original', { url: ticket.originalUrl })]
          .filter(Boolean)
          .join(' · ') || NONE,
      render: (ticket, text) => (
        <>
          {text}
          {ticket.originalUrl === null ? null : (
            <a
              href={ticket.originalUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              aria-label={t('adminSafety.openOriginalLabel')}
              className={cn(linkClasses, 'mt-1 flex w-fit items-center gap-1')}
            >
              {t('adminSafety.openOriginal')}
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          )}
        </>
      ),
    },
    { header: t('adminSafety.col.from'), value: (ticket) => reporterText(ticket, words) },
  ];
}

/** The counts above the queue; overdue in red. */
function QueueCounts({ counts }: { counts: SafetyQueue['counts'] }) {
  const { t } = useT();
  return (
    <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold text-ink-950">
      <span>{t('adminSafety.counts.open', { count: count(counts.open) })}</span>
      <span className={cn(counts.overdue > 0 && 'flex items-center gap-1 text-red-700')}>
        {counts.overdue > 0 ? <CircleAlert aria-hidden="true" className="size-4" /> : null}
        {t('adminSafety.counts.overdue', { count: count(counts.overdue) })}
      </span>
      <span>{t('adminSafety.counts.dueSoon', { count: count(counts.dueSoon) })}</span>
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
  const words = useT();
  const { t } = words;
  const reports = useAdminReports();
  const clientNow = useNow(30_000);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // The server's clock decides what is overdue: carry its offset from this browser's clock along.
  const skew = reports.data ? reports.data.now - reports.dataUpdatedAt : 0;
  const now = clientNow + skew;
  const view = columns(now, words);

  const actions = (ticket: SafetyTicket) =>
    ticket.actions.length === 0
      ? null
      : ticket.actions.map((action) => (
          <Button
            key={action}
            variant={ACTION_WORDS[action].rowVariant}
            size="sm"
            aria-label={`${ACTION_WORDS[action].label(ticket, t)} (${ticket.ticket})`}
            onClick={() => {
              setNotice(null);
              setPending({ ticket, action });
            }}
          >
            {ACTION_WORDS[action].label(ticket, t)}
          </Button>
        ));

  return (
    <AdminTabSection title={t('adminSafety.title')} intro={t('adminSafety.intro')}>
      <div aria-live="polite">{notice === null ? null : <DoneNotice>{notice}</DoneNotice>}</div>
      <AdminQueryView query={reports}>
        {(data) => (
          <>
            <QueueCounts counts={data.counts} />
            <AdminDataView
              label={t('adminSafety.title')}
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
            setNotice(
              t('adminSafety.decided', { ticket: decided.ticket, status: ticketStatusText(decided.status, words) }),
            );
          }}
          onClose={() => {
            setPending(null);
          }}
        />
      )}
    </AdminTabSection>
  );
}
