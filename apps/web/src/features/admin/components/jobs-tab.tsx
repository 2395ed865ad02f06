import { formatDateTime, type AdminJob, type AdminJobList } from '@kholo/contracts';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { StatusBadge, type StatusTone } from '../../../components/ui/status-badge.tsx';
import { ErrorAlert } from '../../../components/ui/error-alert.tsx';
import { cn } from '../../../lib/cn.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useDiscardJob } from '../api/discard-job.ts';
import { useAdminJobs, type JobsFilter } from '../api/get-admin-jobs.ts';
import { useRetryJob } from '../api/retry-job.ts';
import { AdminDataView, type AdminColumn } from './admin-data-view.tsx';
import { ConfirmDialog, DoneNotice } from './admin-dialogs.tsx';
import { count, dateTimeOrNone, NONE } from './admin-format.ts';
import { adminErrorMessage, AdminQueryView } from './admin-query-view.tsx';
import { AdminTabSection } from './admin-tab-section.tsx';

export const JOB_STATE_LABELS: Record<AdminJob['state'], string> = {
  queued: 'Queued',
  retry: 'Retrying',
  running: 'Running',
  completed: 'Done',
  failed: 'Failed',
};

const STATE_TONE: Record<AdminJob['state'], StatusTone> = {
  queued: 'neutral',
  retry: 'waiting',
  running: 'active',
  completed: 'done',
  failed: 'bad',
};

function JobStateBadge({ state }: { state: AdminJob['state'] }) {
  return <StatusBadge tone={STATE_TONE[state]} label={JOB_STATE_LABELS[state]} />;
}

/** When it runs next (waiting) or when it ended (failed); a running job is running now. */
export function jobNextOrFinished(job: Pick<AdminJob, 'state' | 'runAt' | 'finishedAt'>): string {
  if (job.state === 'queued' || job.state === 'retry') return formatDateTime(job.runAt);
  if (job.state === 'running') return 'Running now';
  return dateTimeOrNone(job.finishedAt);
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
const COLUMNS: ReadonlyArray<AdminColumn<AdminJob>> = [
  {
    header: 'Job',
    value: (j) => j.description,
    render: (j, text) => (
      <>
        <span className="block">{text}</span>
        <span className="mt-0.5 block font-mono text-xs text-ink-muted">{j.name}</span>
      </>
    ),
  },
  { header: 'State', value: (j) => JOB_STATE_LABELS[j.state], render: (j) => <JobStateBadge state={j.state} /> },
  { header: 'Attempts', value: (j) => `${count(j.attempts)} of ${count(j.maxAttempts)}`, numeric: true },
  { header: 'Created', value: (j) => formatDateTime(j.createdAt), render: (_j, text) => wrapAfterComma(text) },
  { header: 'Next run / Finished', value: jobNextOrFinished, render: (_j, text) => wrapAfterComma(text) },
  {
    header: 'Last error',
    value: (j) => (j.state === 'completed' ? NONE : (j.lastError ?? NONE)),
    render: (j, text) =>
      text === NONE ? text : <span className={cn(j.state === 'failed' && 'text-red-800')}>{text}</span>,
  },
];

const FILTERS: ReadonlyArray<{ key: JobsFilter; label: string }> = [
  { key: 'all', label: 'All' },
  { key: 'failed', label: 'Failed' },
  { key: 'retry', label: 'Retrying' },
  { key: 'queued', label: 'Queued' },
  { key: 'running', label: 'Running' },
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
  const activeRef = useRef<HTMLButtonElement>(null);
  // Only as the tab opens: later choices leave the focus where the admin put it.
  const focusOnMount = useRef(focusActive);
  useEffect(() => {
    if (focusOnMount.current) activeRef.current?.focus();
  }, []);

  return (
    <div role="group" aria-label="Show jobs" className="mb-4 flex flex-wrap gap-2">
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
            {label}
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
        setNotice({ kind: 'done', text: `Trying again now: ${job.description}` });
      } catch (failure) {
        setNotice({ kind: 'error', text: `Failed to retry: ${adminErrorMessage(failure)}` });
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
            aria-label={`Retry ${job.description}`}
            aria-disabled={retrying}
            onClick={() => {
              void retryNow(job);
            }}
          >
            {thisOne ? 'Retrying...' : 'Retry'}
          </Button>
        ) : null}
        {canDiscard ? (
          <Button
            variant="danger-ghost"
            size="sm"
            aria-label={`Discard ${job.description}`}
            onClick={() => {
              setNotice(null);
              setDiscarding(job);
            }}
          >
            Discard
          </Button>
        ) : null}
      </>
    );
  };

  return (
    <AdminTabSection
      title="Jobs"
      intro="Emails and other background work that is not done yet, newest first, at most 100. A job that used all its tries waits in Failed: retry it once the cause is fixed, or discard it."
    >
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
            <AdminDataView label="Jobs" rows={data.items} columns={COLUMNS} rowKey={(j) => j.id} actions={actions} />
          </div>
        )}
      </AdminQueryView>
      {discarding ? (
        <ConfirmDialog
          title="Discard this job?"
          description={
            <>
              <p className="font-semibold break-words text-ink-950">{discarding.description}</p>
              <p className="mt-2">
                It is deleted and never runs{discarding.name === 'send-email' ? ', so the email is not sent' : ''}. This
                cannot be undone.
              </p>
            </>
          }
          confirmLabel="Discard"
          busyLabel="Discarding..."
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
