import { formatDateTime, type AdminJob, type AdminJobList, type MessageKey } from '@kholo/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/index.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useDiscardJob } from '../api/discard-job.ts';
import { useAdminJobs, type JobsFilter } from '../api/get-admin-jobs.ts';
import { useRetryJob } from '../api/retry-job.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, DoneNotice } from './admin-dialogs.tsx';
import { count, dateTimeOrNone, ENGLISH_WORDS, NONE, type AdminWords } from './admin-format.ts';
import { adminErrorMessage, AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

const STATE_TONE: Record<AdminJob['state'], StatusTone> = {
  queued: 'neutral',
  retry: 'waiting',
  running: 'active',
  completed: 'done',
  failed: 'bad',
};

function JobStateBadge({ state }: { state: AdminJob['state'] }) {
  const { t } = useT();
  return <StatusBadge tone={STATE_TONE[state]} label={t(`adminJobs.state.${state}`)} />;
}

/** When it runs next (waiting) or when it ended (failed); a running job is running now. */
export function jobNextOrFinished(
  job: Pick<AdminJob, 'state' | 'runAt' | 'finishedAt'>,
  { t, locale }: AdminWords = ENGLISH_WORDS,
): string {
  if (job.state === 'queued' || job.state === 'retry') return formatDateTime(job.runAt, locale);
  if (job.state === 'running') return t('adminJobs.runningNow');
  return dateTimeOrNone(job.finishedAt, locale);
}

/**
 * "26 Nov 2026, 7:33 am" free to wrap after the comma only, so a narrow column never leaves
 * "am" on a line of its own.
 */
function wrapAfterComma(text: string): string {
  const at = text.lastIndexOf(', ');
  if (at === -1) return text;
  return `${text.slice(0, at).replaceAll(' ', '\u00a0')}, ${text.slice(at + 2).replaceAll(' ', '\u00a0')}`;
}

// Few enough columns that a 1280 px screen shows them all beside the row's buttons, with room
// for what the job is and why it failed: the kind sits under the job, dates wrap after the comma.
function jobColumns(words: AdminWords): ReadonlyArray<AdminColumn<AdminJob>> {
  const { t, locale } = words;
  return [
    {
      header: t('adminJobs.col.job'),
      value: (j) => j.description,
      render: (j, text) => (
        <>
          <span className="block">{text}</span>
          <span className="mt-0.5 block font-mono text-xs text-ink-muted">{j.name}</span>
        </>
      ),
    },
    {
      header: t('adminJobs.col.state'),
      value: (j) => t(`adminJobs.state.${j.state}`),
      render: (j) => <JobStateBadge state={j.state} />,
    },
    {
      header: t('adminJobs.col.attempts'),
      value: (j) => t('adminJobs.attempts', { n: count(j.attempts), max: count(j.maxAttempts) }),
      numeric: true,
    },
    {
      header: t('adminJobs.col.created'),
      value: (j) => formatDateTime(j.createdAt, locale),
      render: (_j, text) => wrapAfterComma(text),
    },
    {
      header: t('adminJobs.col.next'),
      value: (j) => jobNextOrFinished(j, words),
      render: (_j, text) => wrapAfterComma(text),
    },
    {
      header: t('adminJobs.col.lastError'),
      value: (j) => (j.state === 'completed' ? NONE : (j.lastError ?? NONE)),
      render: (j, text) =>
        text === NONE ? text : <span className={cn(j.state === 'failed' && 'text-red-800')}>{text}</span>,
    },
  ];
}

const FILTERS: ReadonlyArray<{ key: JobsFilter; label: MessageKey }> = [
  { key: 'all', label: 'adminJobs.filter.all' },
  { key: 'failed', label: 'adminJobs.state.failed' },
  { key: 'retry', label: 'adminJobs.state.retry' },
  { key: 'queued', label: 'adminJobs.state.queued' },
  { key: 'running', label: 'adminJobs.state.running' },
];

function filterCount(counts: AdminJobList['counts'], filter: JobsFilter): number {
  return filter === 'all' ? counts.queued + counts.retry + counts.running + counts.failed : counts[filter];
}

/**
 * The states as toggle buttons, each with how many jobs are in it. `focusActive` puts the focus
 * on the chosen one when the filter appears (the Dashboard's link here unmounts the button that had it).
 */
function JobsFilterBar({
  value,
  counts,
  onChange,
  focusActive,
}: {
  value: JobsFilter;
  counts: AdminJobList['counts'] | undefined;
  onChange: (filter: JobsFilter) => void;
  focusActive: boolean;
}) {
  const { t } = useT();
  const activeRef = useRef<HTMLButtonElement>(null);
  // Only as the tab opens: later choices leave the focus where the admin put it.
  const focusOnMount = useRef(focusActive);
  useEffect(() => {
    if (focusOnMount.current) activeRef.current?.focus();
  }, []);

  return (
    <div role="group" aria-label={t('adminJobs.filters')} className="mb-4 flex flex-wrap gap-2">
      {FILTERS.map(({ key, label }) => {
        const active = key === value;
        const n = counts === undefined ? undefined : filterCount(counts, key);
        const alarming = key === 'failed' && n !== undefined && n > 0;
        return (
          <button
            key={key}
            ref={active ? activeRef : undefined}
            type="button"
            aria-pressed={active}
            onClick={() => {
              onChange(key);
            }}
            className={cn(
              'inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold whitespace-nowrap ring-1 transition-colors sm:px-4',
              active
                ? 'bg-ink-950 text-white ring-ink-950'
                : 'bg-white text-ink-800 ring-ink-950/10 hover:bg-ink-50 hover:text-ink-950',
            )}
          >
            {t(label)}
            {n === undefined ? null : (
              <span
                className={cn(
                  'min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs font-bold tabular-nums',
                  alarming ? 'bg-red-700 text-white' : active ? 'bg-white/15 text-white' : 'bg-ink-100 text-ink-800',
                )}
              >
                {count(n)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

type Notice = { kind: 'error' | 'done'; text: string } | null;

/**
 * Background jobs (ADR 019) that are not done: emails on their way, retries waiting, and work
 * that used all its tries. The admin gives a failed job one more try, or discards a waiting one.
 */
export function JobsTab({
  filter,
  onFilterChange,
  focusFilter = false,
}: {
  filter: JobsFilter;
  onFilterChange: (filter: JobsFilter) => void;
  focusFilter?: boolean;
}) {
  const words = useT();
  const { t, tm } = words;
  const jobs = useAdminJobs(filter);
  const retry = useRetryJob();
  const discard = useDiscardJob();
  const { busy: retrying, run } = useSingleFlight(retry.isPending);
  const [discarding, setDiscarding] = useState<AdminJob | null>(null);
  const [notice, setNotice] = useState<Notice>(null);

  const retryNow = (job: AdminJob) =>
    run(async () => {
      setNotice(null);
      try {
        await retry.mutateAsync({ id: job.id });
        setNotice({ kind: 'done', text: t('adminJobs.retriedNotice', { job: job.description }) });
      } catch (failure) {
        setNotice({ kind: 'error', text: t('adminJobs.retryFailed', { reason: tm(adminErrorMessage(failure)) }) });
      }
    });

  const actions = (job: AdminJob) => {
    const canRetry = job.state === 'failed';
    const canDiscard = job.state !== 'running' && job.state !== 'completed';
    if (!canRetry && !canDiscard) return null;
    const thisOne = retrying && retry.variables?.id === job.id;
    return (
      <>
        {canRetry ? (
          <Button
            variant="dark"
            size="sm"
            aria-label={t('adminJobs.retryLabel', { job: job.description })}
            aria-disabled={retrying}
            onClick={() => {
              void retryNow(job);
            }}
          >
            {thisOne ? t('adminJobs.retrying') : t('adminJobs.retry')}
          </Button>
        ) : null}
        {canDiscard ? (
          <Button
            variant="danger-ghost"
            size="sm"
            aria-label={t('adminJobs.discardLabel', { job: job.description })}
            onClick={() => {
              setNotice(null);
              setDiscarding(job);
            }}
          >
            {t('adminJobs.discard')}
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <AdminTabSection title={t('adminJobs.title')} intro={t('adminJobs.intro')}>
      <JobsFilterBar
        value={filter}
        counts={jobs.data?.counts}
        onChange={(next) => {
          setNotice(null);
          onFilterChange(next);
        }}
        focusActive={focusFilter}
      />
      {notice?.kind === 'error' ? <ErrorAlert className="mb-4">{notice.text}</ErrorAlert> : null}
      <div aria-live="polite">{notice?.kind === 'done' ? <DoneNotice>{notice.text}</DoneNotice> : null}</div>
      <AdminQueryView query={jobs}>
        {(data) => (
          <div aria-busy={jobs.isPlaceholderData} className={cn(jobs.isPlaceholderData && 'opacity-60')}>
            <AdminDataView
              label={t('adminJobs.title')}
              rows={data.items}
              columns={jobColumns(words)}
              rowKey={(j) => j.id}
              actions={actions}
            />
          </div>
        )}
      </AdminQueryView>
      {discarding ? (
        <ConfirmDialog
          title={t('adminJobs.discardTitle')}
          description={
            <>
              <p className="font-semibold break-words text-ink-950">{discarding.description}</p>
              <p className="mt-2">
                {discarding.name === 'send-email' ? t('adminJobs.discardEmailEffect') : t('adminJobs.discardEffect')}
              </p>
            </>
          }
          confirmLabel={t('adminJobs.discard')}
          busyLabel={t('adminJobs.discarding')}
          confirmVariant="danger"
          send={() => discard.mutateAsync({ id: discarding.id })}
          pending={discard.isPending}
          onClose={() => {
            setDiscarding(null);
          }}
        />
      ) : null}
    </AdminTabSection>
  );
}
